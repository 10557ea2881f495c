import { useTranslation } from '../../lib/i18n/i18n';
import { useOfferProducts, usePopularProducts } from './catalog-api';
import { ProductSection } from './product-section';
import { StoriesStrip } from './stories-strip';

/** Home (/): campaign stories, then the offer products and the popular products. */
export function FrontPage() {
  const { t } = useTranslation();
  const offers = useOfferProducts();
  const popular = usePopularProducts();
  return (
    <div className="front-page">
      <h1 className="visually-hidden">{t('shop.name')}</h1>
      <StoriesStrip />
      <ProductSection
        id="offer-products"
        title={t('shopCatalog.home.offers')}
        query={offers}
        emptyText={t('shopCatalog.home.offersEmpty')}
        failedText={t('shopCatalog.home.offersFailed')}
        onFirstScreen
      />
      <ProductSection
        id="popular-products"
        title={t('shopCatalog.home.popular')}
        query={popular}
        emptyText={t('shopCatalog.home.popularEmpty')}
        failedText={t('shopCatalog.home.popularFailed')}
      />
    </div>
  );
}
