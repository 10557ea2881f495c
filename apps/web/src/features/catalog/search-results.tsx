import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';

/** "Search Result", the searched text, and under them the results (or why there are none). */
export function SearchResults({ text, children }: { text: string; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="catalog-section search-results" aria-labelledby={headingId}>
      <div className="section-head">
        <h1 id={headingId} className="section-title mb-0">
          {t('shopCatalog.search.heading')}
        </h1>
        {text && <p className="text-secondary mb-0">{t('shopCatalog.search.for', { text })}</p>}
      </div>
      {children}
    </section>
  );
}
