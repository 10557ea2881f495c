import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n/i18n';
import { useNavigate } from 'react-router';
import { call, isApiError } from '../../lib/api';
import { addCartLine, getToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import type { Product } from './catalog-api';

/** A product flagged stock out ("on") or with a quantity of 0 or less shows as Stock Out. */
export const isStockOut = (product: Pick<Product, 'stock' | 'qty'>) =>
  product.stock === 'on' || product.qty <= 0;

/** The price a shopper pays: the offer price when there is one, else the price. */
const sellingPrice = (product: Pick<Product, 'price' | 'offprice'>) => product.offprice ?? product.price;

/** Adds a product to the cart in browser storage, or says it is already there. */
export function useAddToCart() {
  const { t } = useTranslation();
  return (product: Product) => {
    const result = addCartLine({
      title: product.title,
      image: product.image ?? '',
      product_id: product.id,
      price: sellingPrice(product),
      atrri: product.attri,
      title_bn: product.title_bn,
      atrri_bn: product.attri_bn,
    });
    if (result === 'added') toast.success(t('shopCatalog.messages.added'));
    else toast.error(t('shopCatalog.messages.duplicate'));
  };
}

/**
 * "Notify me" for a stock-out product: a guest (no stored token, or one the server no longer
 * knows) is asked to log in and taken to /login, where the toast stays for its 3 s; a signed-in
 * shopper's request is sent. A refusal the shopper can act on says why in the server's words
 * (403 `unverified`: the phone must be verified first; 409; 429); other failures are only logged
 *.
 */
export function useProductRequest() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const askToLogIn = () => {
    toast.error(t('shopCatalog.messages.loginForRequest'));
    void navigate('/login');
  };

  const mutation = useMutation({
    mutationFn: (productId: number) => call('GET /api/request/add/:id', { params: { id: productId } }),
    onSuccess: () => toast.success(t('shopCatalog.messages.requestSent')),
    onError: (error) => {
      if (isApiError(error, 401)) askToLogIn();
      else if (isApiError(error, 403) || isApiError(error, 409) || isApiError(error, 429))
        toast.error(error.message);
      else console.error('Could not send the product request', error);
    },
  });

  return {
    request: (productId: number) => (getToken() ? mutation.mutate(productId) : askToLogIn()),
    pendingId: mutation.isPending ? mutation.variables : undefined,
  };
}
