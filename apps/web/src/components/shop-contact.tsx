import { useTranslation } from '../lib/i18n/i18n';
import { useShopInfo } from '../lib/shop-api';

/** The shop's name as the owner set it in Setting (the catalogue's name until it is known). */
export function ShopName() {
  const { t } = useTranslation();
  const info = useShopInfo();
  return <>{info.data?.name || t('shop.name')}</>;
}

/**
 * The shop's address, phone and bKash/Nagad numbers as the owner set them in Setting, for the top
 * of invoices. Lines the owner left empty are not printed; nothing is made up.
 */
export function ShopContact({ className = 'mb-0 small' }: { className?: string }) {
  const { t } = useTranslation();
  const info = useShopInfo();
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
