import type { ShopPageKey } from '@bazar/contracts/shop-pages';
import { useEffect } from 'react';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useShopPages } from '../../lib/shop-api';

/** /about, /terms, /privacy: the owner's text (Setting), a paragraph per blank-line-separated block. */
function FooterPage({ page }: { page: ShopPageKey }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const pages = useShopPages();
  const heading = t(`footer.${page}`);

  useEffect(() => {
    const before = document.title;
    document.title = `${heading} – ${t('shop.name')}`;
    return () => {
      document.title = before;
    };
  }, [heading, t]);

  return (
    <article className="catalog-section footer-page" aria-labelledby="footer-page-title">
      <h1 id="footer-page-title" className="section-title">
        {heading}
      </h1>
      <QueryState query={pages}>
        {(data) => <PageText text={local(data.pages[page].en, data.pages[page].bn)} />}
      </QueryState>
    </article>
  );
}

/** The owner's text, a paragraph per blank-line-separated block, or that none is written yet. */
function PageText({ text }: { text: string }) {
  const { t } = useTranslation();
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="text-secondary">{t('shopPages.notWritten')}</p>;
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i} className="footer-page-text">
          {p}
        </p>
      ))}
    </>
  );
}

export const AboutPage = () => <FooterPage page="about" />;
export const TermsPage = () => <FooterPage page="terms" />;
export const PrivacyPage = () => <FooterPage page="privacy" />;
