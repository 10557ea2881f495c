import { useTranslation } from '../../lib/i18n/i18n';
import type { Product } from './catalog-api';

/** "N BDT"; with an offer, the offer price and the old price struck through. */
export function ProductPrice({ product, className = '' }: { product: Product; className?: string }) {
  const { t } = useTranslation();
  const discounted = product.offprice !== null && product.offprice !== product.price;
  return (
    <p className={`product-price mb-0 ${className}`}>
      <span className="product-price-now">
        {t('common.price', { amount: product.offprice ?? product.price })}
      </span>
      {discounted && (
        <del className="product-price-old">
          <span className="visually-hidden">{t('shopCatalog.product.oldPrice')}: </span>
          {t('common.price', { amount: product.price })}
        </del>
      )}
    </p>
  );
}
