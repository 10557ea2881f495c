import type { DueReceipt } from '@bazar/contracts/customers';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { NotFound } from '../../components/not-found';
import { PageSpinner } from '../../components/page-spinner';
import { usePrintedPage } from '../../components/printed-page';
import type { ReceiptPaper } from '../../components/receipt-paper';
import { call, isApiError } from '../../lib/api';
import {
  InLanguage,
  translator,
  useLoadedLanguage,
  useTranslation,
  type Language,
} from '../../lib/i18n/i18n';
import { fetchShopInfo, useShopInfo, type ShopInfo } from '../../lib/shop-api';
import { FALLBACK_TIME_ZONE, shopTimeIn, useShopTime } from '../../lib/shop-time';
import type { PrintedDocument, PrintedLine } from '../printing/printed-document';
import { ReceiptFrame } from './receipt-frame';
import './receipt.css';

const dueReceiptKey = (id: number) => ['due-receipt', id] as const;

/** The slip's rows, in order: what was owed, each payment (how), what is still owed. */
function slipRows(receipt: DueReceipt, t: (key: string, values?: Record<string, unknown>) => string) {
  return {
    payments: receipt.payments.map((p) => ({
      left: p.reference
        ? `${t(`adminTill.summary.methods.${p.method}`)} (${p.reference})`
        : t(`adminTill.summary.methods.${p.method}`),
      right: p.amount,
    })),
    orders: receipt.orders.map((o) => `#${o.order_id}: ${o.amount}`).join(', '),
  };
}

/** The due slip for this computer's receipt printer (features/printing), in the customer's language. */
async function printedDueSlip(receipt: DueReceipt, lang: Language): Promise<PrintedDocument> {
  const [{ t, formatNumber }, shop] = await Promise.all([
    translator(lang),
    fetchShopInfo().catch(() => undefined),
  ]);
  const time = shopTimeIn(shop?.tz || FALLBACK_TIME_ZONE, lang);
  const rows = slipRows(receipt, t as (key: string, values?: Record<string, unknown>) => string);
  const lines: PrintedLine[] = [
    { kind: 'text', text: shop?.name || t('shop.name'), align: 'center', big: true },
    ...(shop?.phone ? [{ kind: 'text' as const, text: shop.phone, align: 'center' as const }] : []),
    { kind: 'rule' },
    { kind: 'text', text: t('adminKhata.slip.heading'), align: 'center', bold: true },
    {
      kind: 'row',
      left: t('adminKhata.slip.number', { id: receipt.id }),
      right: time.dateTime(receipt.created),
    },
    {
      kind: 'row',
      left: t('adminKhata.slip.customer'),
      right: receipt.customer.name || receipt.customer.phone,
    },
    { kind: 'row', left: '', right: receipt.customer.phone },
    ...(receipt.cashier
      ? [{ kind: 'row' as const, left: t('adminKhata.slip.cashier'), right: receipt.cashier }]
      : []),
    { kind: 'rule' },
    { kind: 'row', left: t('adminKhata.slip.owedBefore'), right: formatNumber(receipt.owed_before) },
    ...rows.payments.map((p) => ({ kind: 'row' as const, left: p.left, right: formatNumber(p.right) })),
    { kind: 'rule', light: true },
    { kind: 'row', left: t('adminKhata.slip.paid'), right: formatNumber(receipt.paid), bold: true },
    { kind: 'row', left: t('adminKhata.slip.stillOwed'), right: formatNumber(receipt.due), bold: true },
    { kind: 'rule' },
    { kind: 'text', text: `${t('adminKhata.slip.orders')}: ${rows.orders}` },
    { kind: 'text', text: t('adminKhata.slip.thanks'), align: 'center' },
  ];
  return { lines, drawer: receipt.payments.some((p) => p.method === 'cash') };
}

/** Text left, figure right, as the till receipt writes them. */
function Row({ left, right, strong }: { left: string; right: string; strong?: boolean }) {
  return (
    <div className={`receipt-row${strong ? ' receipt-strong' : ''}`}>
      <span className="receipt-left">{left}</span>
      <span className="receipt-right">{right}</span>
    </div>
  );
}

function DueSlip({
  receipt,
  shop,
  paper,
}: {
  receipt: DueReceipt;
  shop: ShopInfo | undefined;
  paper: ReceiptPaper;
}) {
  const { t, language, formatNumber } = useTranslation();
  const time = useShopTime().dateTime;
  const ref = useRef<HTMLElement>(null);
  usePrintedPage(ref, paper);
  const rows = slipRows(receipt, t as (key: string, values?: Record<string, unknown>) => string);
  return (
    <article
      ref={ref}
      className={`receipt receipt-${paper}`}
      data-paper={paper}
      aria-label={t('adminKhata.slip.title')}
      lang={language}
    >
      <header className="receipt-center">
        <p className="receipt-shop">{shop?.name || t('shop.name')}</p>
        {shop?.phone && <p>{shop.phone}</p>}
      </header>
      <hr className="receipt-rule" />
      <p className="receipt-center receipt-strong">{t('adminKhata.slip.heading')}</p>
      <Row left={t('adminKhata.slip.number', { id: receipt.id })} right={time(receipt.created)} />
      <Row left={t('adminKhata.slip.customer')} right={receipt.customer.name || receipt.customer.phone} />
      <Row left="" right={receipt.customer.phone} />
      {receipt.cashier && <Row left={t('adminKhata.slip.cashier')} right={receipt.cashier} />}
      <hr className="receipt-rule" />
      <Row left={t('adminKhata.slip.owedBefore')} right={formatNumber(receipt.owed_before)} />
      {rows.payments.map((p, i) => (
        <Row key={i} left={p.left} right={formatNumber(p.right)} />
      ))}
      <hr className="receipt-rule" />
      <div data-testid="slip-paid">
        <Row strong left={t('adminKhata.slip.paid')} right={formatNumber(receipt.paid)} />
      </div>
      <div data-testid="slip-still-owed">
        <Row strong left={t('adminKhata.slip.stillOwed')} right={formatNumber(receipt.due)} />
      </div>
      <hr className="receipt-rule" />
      <p>
        {t('adminKhata.slip.orders')}: {rows.orders}
      </p>
      <p className="receipt-center">{t('adminKhata.slip.thanks')}</p>
    </article>
  );
}

/**
 * /admin/due-slip/{id}: the 80 mm (or 58 mm) slip of money received against a customer's dues at
 * the till ("Receive due"): what was owed, paid and is still owed, in the customer's language.
 * `?print=1&then=pos` prints it (this computer's receipt printer, else the dialog; its cash opens
 * the drawer) and goes back to the till, as a sale's receipt does.
 */
export function DueSlipPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const receipt = useQuery({
    queryKey: dueReceiptKey(id),
    queryFn: () => call('GET /api/till/due-receipt/:id', { params: { id } }).then((a) => a.data),
    enabled: valid,
  });
  const shop = useShopInfo();
  const lang = receipt.data?.customer.lang ?? 'en';
  const printable = useLoadedLanguage(lang) !== null;
  if (!valid || (receipt.isError && isApiError(receipt.error, 404))) return <NotFound />;
  return (
    <ReceiptFrame
      heading={t('adminKhata.slip.title')}
      ready={Boolean(receipt.data) && !shop.isPending && printable}
      invoiceId={null}
      thermal={
        receipt.data
          ? (first) =>
              printedDueSlip(receipt.data, lang).then((doc) => ({ ...doc, drawer: first && doc.drawer }))
          : undefined
      }
    >
      {(paper) =>
        receipt.isPending ? (
          <PageSpinner />
        ) : receipt.isError ? (
          <LoadFailed onRetry={() => void receipt.refetch()} />
        ) : (
          <div className="receipt-sheet">
            <InLanguage lang={lang} fallback={<PageSpinner />}>
              <DueSlip receipt={receipt.data} shop={shop.data} paper={paper} />
            </InLanguage>
          </div>
        )
      }
    </ReceiptFrame>
  );
}
