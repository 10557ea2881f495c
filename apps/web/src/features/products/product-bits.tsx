import { formatNumber, useTranslation } from '../../lib/i18n/i18n';

/** A product's small picture, or a grey box saying there is none. */
export function ProductThumb({ image, alt = '' }: { image: string | null; alt?: string }) {
  const { t } = useTranslation();
  if (!image)
    return <span className="admin-thumb admin-thumb-empty">{t('adminCatalog.common.noImage')}</span>;
  return <img src={image} alt={alt} className="admin-thumb" loading="lazy" width={48} height={48} />;
}

/**
 * The price; with an offer price, the old price struck through and then the offer price. In the
 * language's digits: the hook above draws it again when the language changes.
 */
export function ProductPrice({ price, offprice }: { price: number; offprice: number | null }) {
  const { t } = useTranslation();
  if (offprice === null) return <>{formatNumber(price)}</>;
  return (
    <>
      <del className="text-secondary me-1">
        <span className="visually-hidden">{t('adminCatalog.products.oldPrice')} </span>
        {formatNumber(price)}
      </del>
      <span className="fw-semibold">{formatNumber(offprice)}</span>
    </>
  );
}
