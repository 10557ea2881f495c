import type { ShopPageKey } from '@bazar/contracts/shop-pages';
import { useEffect } from 'react';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { useShopPages } from '../../lib/shop-api';

/** /about, /terms, /privacy: the owner's text (Setting), a paragraph per blank-line-separated block. */
export function FooterPage({ page }: { page: ShopPageKey }) {
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

  let body;
  if (pages.isPending) body = <PageSpinner />;
  else if (pages.isError) body = <LoadFailed onRetry={() => void pages.refetch()} />;
  else {
    const { en, bn } = pages.data.pages[page];
    const text = local(en, bn);
    const paragraphs = text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    body = paragraphs.length ? (
      paragraphs.map((p, i) => (
        <p key={i} className="footer-page-text">
          {p}
        </p>
      ))
    ) : (
      <p className="text-secondary">{t('shopPages.notWritten')}</p>
    );
  }
  return (
    <article className="catalog-section footer-page" aria-labelledby="footer-page-title">
      <h1 id="footer-page-title" className="section-title">
        {heading}
      </h1>
      {body}
    </article>
  );
}

export const AboutPage = () => <FooterPage page="about" />;
export const TermsPage = () => <FooterPage page="terms" />;
export const PrivacyPage = () => <FooterPage page="privacy" />;
