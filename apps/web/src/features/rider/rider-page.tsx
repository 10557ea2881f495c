import type { CollectedPayment, FailedBody } from '@bazar/contracts/riders';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api';
import { registerAppWorker } from '../../lib/app-worker';
import { enRider } from '../../lib/i18n/en-rider';
import { addEnglish, useTranslation } from '../../lib/i18n/i18n';
import { getStoredPhone, getToken } from '../../lib/session';
import { useShopTime } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import { rememberAdminProfile, rememberedAdminProfile } from '../auth/admin-profile';
import { useLogout } from '../auth/use-logout';
import { useProfileOf } from '../auth/use-profile';
import { DeliveredDialog } from './delivered-dialog';
import { cardTitleId, DeliveryCard, type CardAction } from './delivery-card';
import { FailedDialog } from './failed-dialog';
import { dismissRefusal, withQueued, type ShownDelivery } from './rider-outbox';
import { useRider } from './use-rider';
import './rider.css';

// The screen's English texts come with this chunk, not with a shopper's first load (i18n.ts).
addEnglish('rider', enRider);

/** No answer from the server: no network, or a proxy in front of it that found no server. */
const unreachable = (error: unknown) => isApiError(error) && [0, 502, 503, 504].includes(error.status);

/** What a rider holds: only their own deliveries (the built-in Rider role); the owner holds it too. */
const rides = (profile: { permissions?: readonly string[] | undefined }) =>
  profile.permissions?.includes('deliveries.ride') === true;

/**
 * The rider's phone screen (issue 27): their deliveries in slot order, each with the customer's
 * phone and address, what to hand over and collect, and Picked up / Delivered / Failed. It works
 * with no network: the last list is kept on the phone and each action waits there until the server
 * has it (rider-outbox.ts); the app's worker keeps the screen itself (lib/app-worker.ts).
 */
export function RiderPage() {
  return (
    <RequireRider>
      {(phone) => (
        <RiderFrame>
          <Deliveries phone={phone} />
        </RiderFrame>
      )}
    </RequireRider>
  );
}

/**
 * A signed-in rider (their profile holds `deliveries.ride`), or, with no server, the rider whose
 * profile this phone kept from an earlier visit: the screen opens on the road. No session goes to
 * sign in; anyone else is told "Access Restricted". The server checks every call anyway.
 */
function RequireRider({ children }: { children: (phone: string) => ReactNode }) {
  const { t } = useTranslation();
  const [token] = useState(getToken);
  const profile = useProfileOf(token);
  const phone = getStoredPhone();

  useEffect(() => {
    if (profile.data && rides(profile.data)) {
      // Kept so the screen opens with no server; the worker keeps the app itself.
      rememberAdminProfile(profile.data);
      registerAppWorker();
    }
  }, [profile.data]);

  if (!token || !phone) return <Navigate to="/login" replace />;
  const noServer = profile.isError
    ? unreachable(profile.error)
    : profile.isPending && profile.fetchStatus === 'paused';
  const remembered = noServer ? rememberedAdminProfile(phone) : null;
  if (remembered && rides(remembered)) return children(phone);
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    if (isApiError(profile.error, 401)) return <Navigate to="/login" replace />;
    return (
      <div className="container">
        <LoadFailed onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  if (!rides(profile.data)) return <Restricted message={t('auth.messages.accessRestricted')} />;
  return children(phone);
}

function Restricted({ message }: { message: string }) {
  const navigate = useNavigate();
  const done = useRef(false); // StrictMode runs effects twice: toast once
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast.error(message);
    void navigate('/', { replace: true });
  }, [message, navigate]);
  return null;
}

/**
 * The screen's frame: the shop's name, the language switch and Sign out. It declares its own web
 * manifest while open, so "Add to home screen" installs the rider's screen (start_url /rider),
 * not the storefront.
 */
function RiderFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { logout, pending } = useLogout('/login');

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const before = link.getAttribute('href');
    link.setAttribute('href', '/rider.webmanifest');
    return () => {
      if (before !== null) link.setAttribute('href', before);
    };
  }, []);

  useEffect(() => {
    const before = document.title;
    document.title = `${t('rider.title')} – ${t('shop.name')}`;
    return () => {
      document.title = before;
    };
  }, [t]);

  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#rider-main" className="visually-hidden-focusable skip-link">
        {t('layout.skipToContent')}
      </a>
      <header className="rider-top-bar sticky-top">
        <div className="container rider-main d-flex align-items-center gap-2 py-2">
          <span className="shop-name me-auto">{t('shop.name')}</span>
          <LanguageSwitch className="btn btn-outline-light" />
          <button type="button" className="btn btn-outline-light" onClick={logout} disabled={pending}>
            {t('rider.signOut')}
          </button>
        </div>
      </header>
      <main id="rider-main" className="container rider-main flex-grow-1 py-3" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

type Open = { kind: 'delivered' | 'failed'; delivery: ShownDelivery };

/** The rider's list: to deliver first, then what they finished today. */
function Deliveries({ phone }: { phone: string }) {
  const { t, formatNumber } = useTranslation();
  const time = useShopTime();
  const { store, reach, refresh, act } = useRider(phone);
  const [open, setOpen] = useState<Open | null>(null);
  /** The card whose heading gets the focus next: the buttons that acted may be gone from it. */
  const [focus, setFocus] = useState<{ id: number } | null>(null);
  const afterDialog = useRef<number | null>(null);

  useEffect(() => {
    if (focus) document.getElementById(cardTitleId(focus.id))?.focus();
  }, [focus]);

  const onAction = (action: CardAction, delivery: ShownDelivery) => {
    if (action === 'picked-up') {
      void act(delivery.id, { kind: 'picked-up' }).then(() => setFocus({ id: delivery.id }));
      return;
    }
    setOpen({ kind: action, delivery });
  };
  const close = () => setOpen(null);
  const delivered = (delivery: ShownDelivery, payments: CollectedPayment[]) => {
    afterDialog.current = delivery.id;
    setOpen(null);
    void act(delivery.id, { kind: 'delivered', body: { payments } });
  };
  const failed = (delivery: ShownDelivery, body: FailedBody) => {
    afterDialog.current = delivery.id;
    setOpen(null);
    void act(delivery.id, { kind: 'failed', body });
  };
  // Once the dialog has gone and given the focus back (to a button that may be gone): on the card.
  const exited = () => {
    if (afterDialog.current !== null) setFocus({ id: afterDialog.current });
    afterDialog.current = null;
  };

  if (store === null) return <PageSpinner />;
  const { list, queued } = store;
  if (!list) {
    if (reach === 'checking') return <PageSpinner />;
    return <LoadFailed onRetry={() => void refresh()} />;
  }

  const shown = list.deliveries.map((d) => withQueued(d, queued));
  const toDeliver = shown.filter((d) => d.state === 'assigned' || d.state === 'picked_up');
  const done = shown.filter((d) => d.state === 'delivered' || d.state === 'failed');
  const listed = new Set(list.deliveries.map((d) => d.id));
  // Actions on an order no longer on the list (given to another rider meanwhile): still shown.
  const elsewhere = queued.filter((row) => !listed.has(row.order_id));
  const dismiss = (seq: number) => void dismissRefusal(seq);
  const cards = (items: ShownDelivery[]) =>
    items.map((d) => <DeliveryCard key={d.id} delivery={d} onAction={onAction} onDismiss={dismiss} />);

  return (
    <>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">{t('rider.title')}</h1>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void refresh()}>
          {t('rider.refresh')}
        </button>
      </div>
      {reach === 'offline' && (
        <div className="alert alert-warning py-2" role="status">
          {t('rider.offline', { time: time.dateTime(list.at) })}
        </div>
      )}
      {elsewhere.map((row) => (
        <div
          key={row.seq}
          className="alert alert-danger py-2 d-flex flex-wrap align-items-center gap-2"
          role="alert"
        >
          <span className="me-auto">
            {t('rider.order', { id: row.order_id })}:{' '}
            {row.state === 'waiting' ? t('rider.waiting') : t('rider.refused', { message: row.error ?? '' })}
          </span>
          {row.state === 'refused' && (
            <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => dismiss(row.seq)}>
              {t('rider.dismiss')}
            </button>
          )}
        </div>
      ))}

      <section aria-labelledby="rider-to-do">
        <h2 id="rider-to-do" className="h5">
          {t('rider.toDeliver')}{' '}
          <span className="badge text-bg-primary">{formatNumber(toDeliver.length)}</span>
        </h2>
        {toDeliver.length ? cards(toDeliver) : <p>{t('rider.none')}</p>}
      </section>
      {done.length > 0 && (
        <section aria-labelledby="rider-done" className="mt-4">
          <h2 id="rider-done" className="h5">
            {t('rider.done')} <span className="badge text-bg-secondary">{formatNumber(done.length)}</span>
          </h2>
          {cards(done)}
        </section>
      )}

      <DeliveredDialog
        delivery={open?.kind === 'delivered' ? open.delivery : null}
        onClose={close}
        onExited={exited}
        onSubmit={delivered}
      />
      <FailedDialog
        delivery={open?.kind === 'failed' ? open.delivery : null}
        onClose={close}
        onExited={exited}
        onSubmit={failed}
      />
    </>
  );
}
