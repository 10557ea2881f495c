import type { ShopInfo } from '@bazar/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { useTranslation } from '../lib/i18n/i18n';

const fetchShopInfo = () => api.get<{ data: ShopInfo }>('/api/shop-info').then((answer) => answer.data);

/**
 * The shop's address, phone and bKash/Nagad numbers as the owner set them in Setting, for the top
 * of invoices. Lines the owner left empty are not printed; nothing is made up.
 */
export function ShopContact({ className = 'mb-0 small' }: { className?: string }) {
  const { t } = useTranslation();
  const info = useQuery({ queryKey: ['shop-info'], queryFn: fetchShopInfo, staleTime: 60_000 });
  if (!info.data) return null;
  const { address, phone, payment_numbers: numbers } = info.data;
  return (
    <>
      {address && <p className={className}>{address}</p>}
      {phone && <p className={className}>{t('shopInfo.phone', { phone })}</p>}
      {numbers && <p className={className}>{t('shopInfo.payments', { numbers })}</p>}
    </>
  );
}
