import { useEffect, useState } from 'react';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { discardSale, payloadOf, syncOutbox } from './offline/outbox';
import { useOutboxView } from './offline/outbox-sync';
import { useServerReachable } from './offline/till-connection';
import { tillDb, type QueuedSale } from './offline/till-db';
import { readStatus } from './offline/catalog-sync';

const owed = (sale: QueuedSale) => {
  const body = payloadOf(sale);
  return body.paid + Math.max(0, body.due);
};

/** The offline copy is called old after this long without a sync that found it current. */
export const STALE_AFTER_MS = 10 * 60_000;

type Readiness = { count: number; checked: string | null } | null;

/**
 * How ready the till is for an outage: "Ready offline: 5,231 products, updated 12:03", or a warning
 * when the copy is not there yet or older than ten minutes. Read from the till's store every 15 s
 * (the catalogue's sync, in this tab or another, writes it).
 */
export function TillOfflineReadiness() {
  const { t, language } = useTranslation();
  const { timeZone } = useShopTime();
  // The time of day on the shop's clock: "12:03".
  const clock = (iso: string) =>
    new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      // A 24-hour clock: no AM/PM (Latin letters in a Bangla line).
      hourCycle: 'h23',
      timeZone,
    }).format(new Date(iso));
  const [ready, setReady] = useState<Readiness | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let alive = true;
    const read = () => {
      setNow(Date.now());
      readStatus(tillDb())
        .then((s) => alive && setReady(s.ready ? { count: s.count, checked: s.checked } : null))
        .catch(() => alive && setReady(null));
    };
    read();
    const timer = window.setInterval(read, 15_000);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, []);
  if (ready === undefined) return null;
  const age = ready?.checked ? now - Date.parse(ready.checked) : Number.POSITIVE_INFINITY;
  const stale = ready === null || age > STALE_AFTER_MS;
  const text =
    ready === null
      ? t('adminTill.readiness.notReady')
      : t(stale ? 'adminTill.readiness.old' : 'adminTill.readiness.ready', {
          count: ready.count,
          time: ready.checked ? clock(ready.checked) : '',
          minutes: Math.floor(age / 60_000),
        });
  return (
    <span
      className={`small ${stale ? 'text-warning-emphasis fw-semibold' : 'text-body-secondary'}`}
      data-testid="till-readiness"
    >
      {text}
    </span>
  );
}

/** The till's online/offline badge and how many sales wait to sync. */
export function TillSyncBadge() {
  const { t } = useTranslation();
  const online = useServerReachable();
  const view = useOutboxView();
  const waiting = view?.waiting ?? 0;
  return (
    <div className="till-sync d-flex align-items-center gap-2 flex-wrap">
      <span
        className={`badge ${online ? 'text-bg-success' : 'text-bg-danger'} till-connection`}
        title={t(online ? 'adminTill.offline.onlineHelp' : 'adminTill.offline.offlineHelp')}
        data-testid="till-connection"
      >
        {t(online ? 'adminTill.offline.online' : 'adminTill.offline.offline')}
      </span>
      <span className="small" role="status" aria-live="polite" data-testid="till-waiting">
        {view === null
          ? ''
          : waiting > 0
            ? t('adminTill.offline.waiting', { count: waiting })
            : t('adminTill.offline.allSynced')}
      </span>
      <TillOfflineReadiness />
      {waiting > 0 && online && (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void syncOutbox()}>
          {t('adminTill.offline.syncNow')}
        </button>
      )}
    </div>
  );
}

type RefusedProps = {
  /** Puts the sale back in the cart to change it and save it again. */
  onFix: (sale: QueuedSale) => void;
};

/**
 * Sales the server refused, with its reason: nothing is dropped silently. An admin fixes one (it
 * goes back into the cart, keeping its number and time) or discards it after a confirmation.
 */
export function TillRefusedSales({ onFix }: RefusedProps) {
  const { t } = useTranslation();
  const time = useShopTime();
  const view = useOutboxView();
  const [discarding, setDiscarding] = useState<QueuedSale | null>(null);
  const [busy, setBusy] = useState(false);
  const refused = view?.refused ?? [];
  if (refused.length === 0 && !discarding) return null;

  const discard = async () => {
    if (!discarding) return;
    setBusy(true);
    try {
      await discardSale(discarding.client_id);
    } finally {
      setBusy(false);
      setDiscarding(null);
    }
  };

  return (
    <section className="alert alert-danger till-refused" aria-labelledby="till-refused-title">
      <h2 id="till-refused-title" className="h6">
        {t('adminTill.offline.refusedHeading')}
      </h2>
      <p className="small mb-2">{t('adminTill.offline.refusedHelp')}</p>
      <ul className="list-unstyled mb-0">
        {refused.map((sale) => (
          <li
            key={sale.client_id}
            className="d-flex flex-wrap align-items-center gap-2 py-1"
            data-sale={sale.provisional}
          >
            <span className="me-auto">
              <strong>
                {t('adminTill.offline.refusedLine', {
                  provisional: sale.provisional,
                  time: time.dateTime(sale.sold_at),
                  amount: owed(sale),
                })}
              </strong>
              <span className="d-block small">
                {t('adminTill.offline.reason', { reason: sale.error ?? '' })}
              </span>
            </span>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              aria-label={t('adminTill.offline.fixLabel', { provisional: sale.provisional })}
              onClick={() => onFix(sale)}
            >
              {t('adminTill.offline.fix')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              aria-label={t('adminTill.offline.discardLabel', { provisional: sale.provisional })}
              onClick={() => setDiscarding(sale)}
            >
              {t('adminTill.offline.discard')}
            </button>
          </li>
        ))}
      </ul>
      <AdminConfirmModal
        show={discarding !== null}
        pending={busy}
        confirmLabel={t('adminTill.offline.discardConfirm')}
        onClose={() => setDiscarding(null)}
        onConfirm={() => void discard()}
      >
        <strong className="d-block mb-2">
          {t('adminTill.offline.discardTitle', { provisional: discarding?.provisional ?? '' })}
        </strong>
        {t('adminTill.offline.discardText', { amount: discarding ? owed(discarding) : 0 })}
      </AdminConfirmModal>
    </section>
  );
}
