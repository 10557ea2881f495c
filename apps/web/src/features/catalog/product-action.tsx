import { useTranslation } from '../../lib/i18n/i18n';
import { CartIcon } from '../../components/icons';
import type { Product } from './catalog-api';
import { BellIcon } from './product-icons';
import { isStockOut, useAddToCart, useProductRequest } from './use-product-actions';

/** The card's and the modal's button: Add to cart, or Stock Out with a request (bell) button. */
export function ProductAction({ product, large = false }: { product: Product; large?: boolean }) {
  const { t } = useTranslation();
  const addToCart = useAddToCart();
  const { request, pendingId } = useProductRequest();
  const size = large ? '' : ' btn-sm';

  if (isStockOut(product)) {
    return (
      <div className="d-flex gap-1 align-items-stretch">
        <span className={`btn${size} stock-out flex-grow-1`} aria-disabled="true">
          {t('shopCatalog.product.stockOut')}
        </span>
        <button
          type="button"
          className={`btn${size} btn-outline-primary request-btn`}
          aria-label={t('shopCatalog.product.request')}
          title={t('shopCatalog.product.request')}
          disabled={pendingId === product.id}
          onClick={() => request(product.id)}
        >
          <BellIcon size={large ? 20 : 16} />
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      className={`btn${size} btn-primary w-100 add-to-cart`}
      onClick={() => addToCart(product)}
    >
      <CartIcon size={large ? 18 : 15} />
      <span>{t('shopCatalog.product.addToCart')}</span>
    </button>
  );
}
