import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { SmsCompose } from '../../components/sms-compose';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { sendOrderSms } from './orders-api';

/** /admin/order/send-sms/{id}: an SMS to the order's customer; afterwards back to the orders. */
export function OrderSmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return (
    <SmsCompose
      id="order-sms"
      title={t('adminOrders.sms.title', { id })}
      textLabel={t('adminOrders.sms.text')}
      sendLabel={t('adminOrders.sms.send')}
      back={{ to: '/admin/orders', label: t('adminOrders.sms.back') }}
      send={(text) => sendOrderSms(id, text)}
      onSent={async () => {
        toast.success(t('adminOrders.sms.sent'));
        await navigate('/admin/orders');
      }}
    />
  );
}
