import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/i18n';

/** /user/success: the order went through; links home and to the order list. */
export function SuccessPage() {
  const { t } = useTranslation();
  return (
    <section className="card shadow-sm my-3 mx-auto text-center" style={{ maxWidth: 560 }}>
      <div className="card-body p-4">
        <p className="display-6 text-success mb-2" aria-hidden="true">
          ✓
        </p>
        <h1 className="h4 mb-2">{t('shopOrders.success.title')}</h1>
        <p className="text-secondary">{t('shopOrders.success.text')}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link to="/" className="btn btn-outline-primary">
            {t('shopOrders.success.home')}
          </Link>
          <Link to="/user/orders" className="btn btn-primary">
            {t('shopOrders.success.orders')}
          </Link>
        </div>
      </div>
    </section>
  );
}
