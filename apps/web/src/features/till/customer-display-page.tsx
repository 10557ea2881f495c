import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAdminConfirmed } from '../../lib/admin-check';
import { formatAmount, InLanguage, useTranslation } from '../../lib/i18n/i18n';
import { cacheShopInfo } from './offline/outbox-sync';
import { QrCode } from './customer-display-qr';
import {
  DISPLAY_CHANNEL,
  nextShown,
  readMessage,
  THANKS_MS,
  type DisplayMessage,
  type DisplayState,
  type SaleState,
} from './customer-display-state';
import { merchantNumbers, qrText, WALLET_NAMES } from './customer-display-wallet';
import './customer-display.css';

type Shown = { state: DisplayState; at: number };

/**
 * What the till sends: says hello as it opens (the till answers with what to show, so a window
 * opened mid-sale is right at once), then follows every message; the thanks gives way to the
 * welcome after THANKS_MS.
 */
function useFollowTill(): Shown | null {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    if (typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const message = readMessage(event.data);
      if (message?.type === 'state') setShown((now) => nextShown(now, message.state, Date.now()));
    };
    channel.postMessage({ type: 'hello' } satisfies DisplayMessage);
    return () => channel.close();
  }, []);
  const thanking = shown?.state.kind === 'thanks' ? shown : null;
  useEffect(() => {
    if (!thanking) return;
    const timer = window.setTimeout(
      () =>
        setShown((now) =>
          now === thanking ? { state: { kind: 'idle', lang: thanking.state.lang }, at: Date.now() } : now,
        ),
      Math.max(0, thanking.at + THANKS_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [thanking]);
  return shown;
}

/**
 * /admin/pos/display: the screen turned to the customer, in a window of its own beside the till
 * (same browser: no server needed). It fills the window over the back office's frame, large and
 * high in contrast, in the till's language: the shop's name and a welcome; the lines, the total,
 * what is paid and the change; a QR code of the shop's bKash or Nagad number and the amount when
 * the cashier takes one; the thanks after a save.
 */
export function CustomerDisplayPage() {
  const { language } = useTranslation();
  // Before the server confirms the admin the screen shows only its welcome (lib/admin-check.ts).
  const confirmed = useAdminConfirmed();
  const shown = useFollowTill();
  const state = confirmed ? (shown?.state ?? null) : null;
  return (
    <InLanguage lang={state?.lang ?? language} fallback={<div className="customer-display" />}>
      <CustomerDisplay state={state} />
    </InLanguage>
  );
}

function CustomerDisplay({ state }: { state: DisplayState | null }) {
  const { t, language } = useTranslation();
  // The shop's name and numbers as the till last read them: the server may be gone.
  const shop = useQuery({
    queryKey: ['till', 'shop-info'],
    queryFn: () => cacheShopInfo().then((info) => info ?? null),
    networkMode: 'always',
    staleTime: 10 * 60_000,
  });
  const shopName = shop.data?.name || t('shop.name');
  return (
    <div className="customer-display" lang={language} data-kind={state?.kind ?? 'idle'}>
      <header className="cd-head">
        <h1 className="cd-shop">{shopName}</h1>
        <FullScreen />
      </header>
      {state?.kind === 'sale' ? (
        <SaleView state={state} paymentNumbers={shop.data?.payment_numbers ?? ''} />
      ) : state?.kind === 'thanks' ? (
        <div className="cd-middle cd-thanks" role="status">
          <p className="cd-big">{t('adminCustomerDisplay.thanks')}</p>
          {state.change > 0 && (
            <p className="cd-thanks-change">
              <span>{t('adminCustomerDisplay.yourChange')}</span>{' '}
              <strong data-testid="display-change">
                {t('adminCustomerDisplay.amount', { amount: state.change })}
              </strong>
            </p>
          )}
          <p className="cd-soft">{t('adminCustomerDisplay.comeAgain')}</p>
        </div>
      ) : (
        <div className="cd-middle">
          <p className="cd-big">{t('adminCustomerDisplay.welcome')}</p>
        </div>
      )}
    </div>
  );
}

function SaleView({ state, paymentNumbers }: { state: SaleState; paymentNumbers: string }) {
  const { t, formatNumber, language } = useTranslation();
  const amount = (n: number) => t('adminCustomerDisplay.amount', { amount: n });
  const list = useRef<HTMLOListElement>(null);
  // The line just scanned stays in sight on a long sale.
  useEffect(() => {
    list.current?.querySelector('[aria-current]')?.scrollIntoView?.({ block: 'nearest' });
  }, [state.latest, state.lines.length]);
  const extras = state.shipping > 0 || state.discount > 0;
  return (
    <div className="cd-sale">
      <section className="cd-lines" aria-label={t('adminCustomerDisplay.items')}>
        <ol ref={list} className="list-unstyled mb-0">
          {state.lines.map((line) => (
            <li
              key={line.key}
              className={`cd-line${line.key === state.latest ? ' cd-latest' : ''}`}
              aria-current={line.key === state.latest ? 'true' : undefined}
            >
              <span className="cd-line-title">
                {line.title}
                {line.attri && <span className="cd-line-attri"> {line.attri}</span>}
              </span>
              <span className="cd-line-qty">
                {t('adminTill.receipt.qtyPrice', {
                  qty:
                    line.unit && line.unit !== 'pcs'
                      ? `${formatNumber(line.qty)} ${t(`adminTill.cart.units.${line.unit}`)}`
                      : formatNumber(line.qty),
                  price: formatNumber(line.price),
                })}
              </span>
              <span className="cd-line-amount">{formatAmount(line.amount, language)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="cd-money" aria-label={t('adminCustomerDisplay.money')}>
        <dl className="cd-figures">
          {extras && (
            <div>
              <dt>{t('adminCustomerDisplay.itemsTotal')}</dt>
              <dd>{amount(state.total)}</dd>
            </div>
          )}
          {state.shipping > 0 && (
            <div>
              <dt>{t('adminCustomerDisplay.shipping')}</dt>
              <dd>{amount(state.shipping)}</dd>
            </div>
          )}
          {state.discount > 0 && (
            <div>
              <dt>{t('adminCustomerDisplay.discount')}</dt>
              <dd>−{amount(state.discount)}</dd>
            </div>
          )}
          <div className="cd-total">
            <dt>{t('adminCustomerDisplay.total')}</dt>
            <dd data-testid="display-total">{amount(state.owed)}</dd>
          </div>
          {state.paid > 0 && (
            <div>
              <dt>{t('adminCustomerDisplay.paid')}</dt>
              <dd data-testid="display-paid">{amount(state.paid)}</dd>
            </div>
          )}
          {state.change > 0 ? (
            <div className="cd-change">
              <dt>{t('adminCustomerDisplay.change')}</dt>
              <dd data-testid="display-change">{amount(state.change)}</dd>
            </div>
          ) : (
            state.paid > 0 &&
            state.due > 0 && (
              <div>
                <dt>{t('adminCustomerDisplay.due')}</dt>
                <dd data-testid="display-due">{amount(state.due)}</dd>
              </div>
            )
          )}
        </dl>
        {state.wallet && <WalletPay wallet={state.wallet} paymentNumbers={paymentNumbers} />}
      </section>
    </div>
  );
}

/** bKash or Nagad: the QR code of the shop's number and the amount, both written under it too. */
function WalletPay({
  wallet,
  paymentNumbers,
}: {
  wallet: NonNullable<SaleState['wallet']>;
  paymentNumbers: string;
}) {
  const { t } = useTranslation();
  const number = merchantNumbers(paymentNumbers)[wallet.method];
  const method = t(`adminCustomerDisplay.methods.${wallet.method}`);
  const amount = t('adminCustomerDisplay.amount', { amount: wallet.amount });
  return (
    <figure className="cd-wallet" data-wallet={wallet.method}>
      <p className="cd-wallet-title">{t('adminCustomerDisplay.payBy', { method })}</p>
      {number && (
        <QrCode
          className="cd-qr"
          text={qrText(wallet.method, number, wallet.amount)}
          label={t('adminCustomerDisplay.qrLabel', {
            method: WALLET_NAMES[wallet.method],
            phone: number,
            amount: wallet.amount,
          })}
        />
      )}
      <figcaption>
        <span className="cd-wallet-number">
          {number
            ? t('adminCustomerDisplay.sendTo', { phone: number })
            : t('adminCustomerDisplay.noNumber', { method })}
        </span>
        <strong className="cd-wallet-amount" data-testid="display-wallet-amount">
          {amount}
        </strong>
      </figcaption>
    </figure>
  );
}

/** Full screen for the display's own monitor (a browser asks for a click or a key first). */
function FullScreen() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const follow = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  if (full || !document.fullscreenEnabled) return null;
  return (
    <button
      type="button"
      className="btn btn-outline-light btn-sm cd-full"
      onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}
    >
      {t('adminCustomerDisplay.fullScreen')}
    </button>
  );
}
