import { useTranslation } from '../../lib/i18n/i18n';
import { useServerReachable } from './offline/till-connection';
import { TillKeysLegend } from './till-keys-legend';

/**
 * The till's empty screen as its first frame shows it (title, connection badge, "Checking…" for the
 * shift, the product box and an empty cart), with none of its data: no sale, catalogue, outbox or
 * shift. It shows while the till's code loads and, for a browser whose last sign-in was an admin's,
 * while the server checks the profile (lib/admin-check.ts). Its box takes no input yet: the till's
 * own replaces it, in the same place, as soon as it can sell. till-skeleton.test.tsx holds the two
 * screens to the same markup.
 */
export function TillSkeleton() {
  const { t } = useTranslation();
  const online = useServerReachable();
  return (
    <div className="till-page" aria-busy="true">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0">{t('adminTill.title')}</h1>
        <div className="me-auto">
          <div className="till-sync d-flex align-items-center gap-2 flex-wrap">
            <span
              className={`badge ${online ? 'text-bg-success' : 'text-bg-danger'} till-connection`}
              title={t(online ? 'adminTill.offline.onlineHelp' : 'adminTill.offline.offlineHelp')}
            >
              {t(online ? 'adminTill.offline.online' : 'adminTill.offline.offline')}
            </span>
            <span className="small" />
          </div>
        </div>
        <section
          className="till-shift d-flex flex-wrap align-items-center gap-2"
          aria-label={t('adminTill.shift.heading')}
        >
          <span className="text-secondary">
            {t(online ? 'adminTill.shift.checking' : 'adminTill.shift.offline')}
          </span>
        </section>
      </div>
      <TillKeysLegend />
      <div className="row g-3">
        <div className="col-12 col-xl-8 d-flex flex-column gap-3">
          <section className="card shadow-sm" aria-labelledby="till-cart-title">
            <div className="card-body">
              <div className="till-product-box position-relative mb-3" role="search">
                <label htmlFor="till-search" className="form-label fw-semibold">
                  {t('adminTill.products.search')}
                </label>
                <input
                  id="till-search"
                  type="text"
                  aria-describedby="till-search-help"
                  className="form-control form-control-lg"
                  placeholder={t('adminTill.products.searchPlaceholder')}
                  readOnly
                  autoComplete="off"
                  spellCheck={false}
                />
                <div id="till-search-help" className="form-text">
                  {t('adminTill.products.searchHelp')}
                </div>
              </div>
              <h2 id="till-cart-title" className="h6">
                {t('adminTill.cart.heading')}
              </h2>
              <p className="text-secondary small mb-0">{t('adminTill.cart.empty')}</p>
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
