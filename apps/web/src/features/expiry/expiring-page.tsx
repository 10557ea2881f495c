import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { DataTable } from '../../components/data-table';
import { describedBy, FieldError } from '../../components/field-error';
import { QueryState } from '../../components/query-state';
import { serverMessage } from '../../lib/form-errors';
import { numberField, readNumber } from '../../lib/forms';
import { useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { formatDay } from '../../lib/shop-time';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/permissions';
import {
  expiringKey,
  fetchExpiring,
  offerBatch,
  withOffer,
  withoutBatch,
  writeOffBatch,
  type Expiring,
  type ExpiringBatch,
} from './expiry-api';
import '../../components/admin-cards.css';
import './expiry.css';

/** How far ahead a person may look (the server's bounds). */
const MIN_DAYS = 1;
const MAX_DAYS = 90;
/** The offer's percent off when the box is left as it is (the server's default too). */
const DEFAULT_PERCENT = 20;

/** A whole number from `min` to `max` the text spells (Latin or Bengali digits), else undefined. */
function wholeIn(text: string, min: number, max: number): number | undefined {
  const n = readNumber(text);
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** The days of the URL when they are a whole number the server takes; else none (the shop's setting). */
const daysIn = (text: string | null) =>
  text && /^\d{1,2}$/.test(text) ? (wholeIn(text, MIN_DAYS, MAX_DAYS) ?? null) : null;

/** A batch's product as people read it: its name and attribute in the screen's language. */
function batchProduct(name: (en: string, bn: string | undefined) => string, b: ExpiringBatch): string {
  const attri = name(b.attri, b.attri_bn);
  return attri ? `${name(b.title, b.title_bn)} (${attri})` : name(b.title, b.title_bn);
}

/** "3 pcs", "1.25 kg". */
const quantityText = (t: TFunction, b: ExpiringBatch) => t(`expiry.quantities.${b.unit}`, { qty: b.qty });

/** How long a batch has left: its last day, the days to go, or Expired (in words, not colour alone). */
function DaysLeft({ batch }: { batch: ExpiringBatch }) {
  const { t } = useTranslation();
  if (batch.expired) {
    return (
      <>
        <span className="badge text-bg-danger expiry-badge">{t('expiry.page.expired')}</span>{' '}
        <span className="small text-danger-emphasis text-nowrap">
          {t('expiry.page.expiredAgo', { count: -batch.days_left })}
        </span>
      </>
    );
  }
  if (batch.days_left === 0) {
    return <span className="badge text-bg-warning expiry-badge">{t('expiry.page.lastDay')}</span>;
  }
  return (
    <span className={`small text-nowrap${batch.days_left <= 2 ? ' fw-semibold text-warning-emphasis' : ''}`}>
      {t('expiry.page.daysLeft', { count: batch.days_left })}
    </span>
  );
}

/** The price a shopper pays now: struck through with the offer beside it when there is one. */
function Price({ batch }: { batch: ExpiringBatch }) {
  const { t, formatNumber } = useTranslation();
  if (batch.offprice === null) return <>{formatNumber(batch.price)}</>;
  return (
    <>
      <del className="text-secondary me-1">
        <span className="visually-hidden">{t('expiry.page.oldPrice')} </span>
        {formatNumber(batch.price)}
      </del>
      <span className="fw-semibold">{formatNumber(batch.offprice)}</span>
      <span className="d-block small text-success-emphasis">{t('expiry.page.onOffer')}</span>
    </>
  );
}

/**
 * A row's actions: the percent off (20 unless typed otherwise) and Put on offer, for who may set
 * prices; Write off, for who may change stock (the page asks first).
 */
function BatchActions({
  batch,
  product,
  canOffer,
  canWriteOff,
  onOffered,
  onWriteOff,
}: {
  batch: ExpiringBatch;
  product: string;
  canOffer: boolean;
  canWriteOff: boolean;
  onOffered: (answer: { product_id: number; price: number; offprice: number }) => void;
  onWriteOff: (batch: ExpiringBatch) => void;
}) {
  const { t, formatNumber } = useTranslation();
  // Null: the box shows the default, in the screen's digits.
  const [typed, setTyped] = useState<string | null>(null);
  const [wrong, setWrong] = useState(false);
  const id = `offer-${batch.id}`;
  const offer = useMutation({
    mutationFn: (percent: number) => offerBatch(batch.id, percent),
    onSuccess: (answer) => {
      onOffered(answer);
      toast.success(t('expiry.offer.done', { product, offprice: answer.offprice, price: answer.price }));
    },
    onError: (error) => toast.error(serverMessage(error, t('common.somethingWrong'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const percent = typed === null ? DEFAULT_PERCENT : wholeIn(typed, 1, 90);
    setWrong(percent === undefined);
    if (percent !== undefined) offer.mutate(percent);
  };

  return (
    <div className="expiry-actions">
      {canOffer && (
        <form className="expiry-offer" onSubmit={submit} noValidate>
          <div className="input-group input-group-sm expiry-percent">
            <input
              id={id}
              {...numberField('whole')}
              className={`form-control${wrong ? ' is-invalid' : ''}`}
              maxLength={2}
              aria-label={t('expiry.offer.percentLabel', { product })}
              aria-invalid={wrong || undefined}
              aria-describedby={describedBy(id, { error: wrong })}
              value={typed ?? formatNumber(DEFAULT_PERCENT)}
              onChange={(event) => {
                setTyped(event.target.value);
                setWrong(false);
              }}
            />
            <span className="input-group-text" aria-hidden="true">
              {t('expiry.offer.off')}
            </span>
          </div>
          <button
            type="submit"
            className="btn btn-sm btn-outline-primary text-nowrap"
            aria-label={t('expiry.offer.actionLabel', { product })}
            disabled={offer.isPending}
          >
            {t('expiry.offer.action')}
          </button>
          <FieldError
            id={id}
            message={wrong ? t('expiry.offer.percentWrong') : undefined}
            className="w-100"
          />
        </form>
      )}
      {canWriteOff && (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger text-nowrap"
          aria-label={t('expiry.writeOff.actionLabel', { product, date: formatDay(batch.expiry) })}
          onClick={() => onWriteOff(batch)}
        >
          {t('expiry.writeOff.action')}
        </button>
      )}
    </div>
  );
}

/** One of the totals: its name over the figure. */
function Figure({
  id,
  label,
  note,
  children,
}: {
  id: string;
  label: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className="col-12 col-sm-4">
      <div className="card h-100">
        <div className="card-body">
          <h2 className="h6 text-secondary mb-1" id={`${id}-label`}>
            {label}
          </h2>
          <p className="expiry-figure mb-0" aria-labelledby={`${id}-label`} data-testid={id}>
            {children}
          </p>
          {note && <p className="small text-secondary mb-0 expiry-figure-note">{note}</p>}
        </div>
      </div>
    </div>
  );
}

/** How many days ahead to look: typed, checked (1 to 90), then in the URL. */
function DaysForm({ initial, onShow }: { initial: number; onShow: (days: number) => void }) {
  const { t, formatNumber } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const [wrong, setWrong] = useState(false);
  const id = 'expiring-days';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = typed === null ? initial : wholeIn(typed, MIN_DAYS, MAX_DAYS);
    setWrong(days === undefined);
    if (days !== undefined) onShow(days);
  };
  return (
    <form
      className="row g-2 align-items-end mb-3"
      aria-label={t('expiry.page.filter')}
      onSubmit={submit}
      noValidate
    >
      <div className="col-6 col-sm-4 col-md-3 col-xl-2">
        <label htmlFor={id} className="form-label">
          {t('expiry.page.days')}
        </label>
        <input
          id={id}
          {...numberField('whole')}
          className={`form-control${wrong ? ' is-invalid' : ''}`}
          maxLength={2}
          aria-invalid={wrong || undefined}
          aria-describedby={describedBy(id, { error: wrong })}
          value={typed ?? formatNumber(initial)}
          onChange={(event) => {
            setTyped(event.target.value);
            setWrong(false);
          }}
        />
      </div>
      <div className="col-6 col-sm-auto">
        <button type="submit" className="btn btn-primary w-100">
          {t('expiry.page.show')}
        </button>
      </div>
      <FieldError id={id} message={wrong ? t('expiry.page.daysWrong') : undefined} className="col-12 mt-1" />
    </form>
  );
}

function Batches({
  list,
  onOffered,
  onWriteOff,
}: {
  list: Expiring;
  onOffered: (answer: { product_id: number; price: number; offprice: number }) => void;
  onWriteOff: (batch: ExpiringBatch) => void;
}) {
  const { t, formatNumber } = useTranslation();
  const name = useLocalName();
  const { can } = usePermissions();
  const canOffer = can('products.prices');
  const canWriteOff = can('stock.edit');
  const col = (key: 'product' | 'batch' | 'expiry' | 'left' | 'qty' | 'value' | 'price' | 'actions') =>
    t(`expiry.page.columns.${key}`);
  const amount = (value: number) => t('expiry.amount', { amount: value });
  const withValue = list.value !== undefined;

  return (
    <>
      <div className="row g-2 mb-3 expiry-figures" role="group" aria-label={t('expiry.page.figures')}>
        {withValue && (
          <Figure id="expiring-value" label={t('expiry.page.value')} note={t('expiry.page.atBuyPrice')}>
            {amount(list.value ?? 0)}
          </Figure>
        )}
        {withValue && (
          <Figure id="expiring-expired-value" label={t('expiry.page.expiredValue')}>
            <span className={(list.expired_value ?? 0) > 0 ? 'text-danger-emphasis' : undefined}>
              {amount(list.expired_value ?? 0)}
            </span>
          </Figure>
        )}
        <Figure id="expiring-count" label={t('expiry.page.count')}>
          {formatNumber(list.batches.length)}
        </Figure>
      </div>

      {list.batches.length === 0 ? (
        <div className="text-secondary">
          <p className="mb-1">{t('expiry.page.empty')}</p>
          <p className="small mb-0">{t('expiry.page.emptyHelp')}</p>
        </div>
      ) : (
        <DataTable
          labelledBy="expiring-title"
          className="table-sm align-middle admin-cards expiry-table mb-0"
          rows={list.batches}
          rowKey={(b) => b.id}
          rowProps={(b) => ({
            'data-batch-id': b.id,
            'data-product-id': b.product_id,
            ...(b.expired && { className: 'expiry-expired', 'data-expired': '' }),
          })}
          columns={[
            {
              key: 'product',
              header: col('product'),
              className: 'card-main product-cell',
              rowHeader: true,
              cell: (b) => {
                const attri = name(b.attri, b.attri_bn);
                return (
                  <>
                    {name(b.title, b.title_bn)}
                    {attri && <span className="text-secondary fw-normal text-nowrap"> ({attri})</span>}
                  </>
                );
              },
            },
            {
              key: 'batch',
              header: col('batch'),
              label: col('batch'),
              className: 'batch-cell',
              cell: (b) =>
                b.code ? (
                  <span translate="no">{b.code}</span>
                ) : (
                  <span className="text-secondary">{t('expiry.page.noCode')}</span>
                ),
            },
            {
              key: 'expiry',
              header: col('expiry'),
              label: col('expiry'),
              className: 'expiry-cell',
              cell: (b) => (
                <>
                  <span className="d-block text-nowrap">{formatDay(b.expiry)}</span>
                  <DaysLeft batch={b} />
                </>
              ),
            },
            {
              key: 'qty',
              header: col('qty'),
              label: col('qty'),
              className: 'num',
              cell: (b) => quantityText(t, b),
            },
            withValue && {
              key: 'value',
              header: col('value'),
              label: col('value'),
              className: 'num',
              cell: (b) => (b.value === undefined ? '—' : amount(b.value)),
            },
            {
              key: 'price',
              header: col('price'),
              label: col('price'),
              className: 'num price-cell',
              cell: (b) => <Price batch={b} />,
            },
            (canOffer || canWriteOff) && {
              key: 'actions',
              header: col('actions'),
              className: 'card-full actions-cell',
              cell: (b) => (
                <BatchActions
                  batch={b}
                  product={batchProduct(name, b)}
                  canOffer={canOffer}
                  canWriteOff={canWriteOff}
                  onOffered={onOffered}
                  onWriteOff={onWriteOff}
                />
              ),
            },
          ]}
        />
      )}
    </>
  );
}

/**
 * /admin/expiring (`stock.view`): the batches of products that track expiry which expire within
 * the shop's days (Setting; another number of days is typed here and kept in the URL), expired
 * ones first: what they cost, and of it what has expired. Who may set prices puts a batch's
 * product on offer (20 % off unless typed otherwise); who may change stock writes a batch off
 * (reason Expired), after a question.
 */
export function ExpiringPage() {
  const { t, language } = useTranslation();
  const name = useLocalName();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const days = daysIn(params.get('days'));
  const key = expiringKey(days);
  // Batches come in and sell all day: asked again at every visit.
  const list = useQuery({
    queryKey: key,
    queryFn: () => fetchExpiring(days),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const [asked, setAsked] = useState<ExpiringBatch | null>(null);
  // The Write off button that opened the question: the focus goes back to it, or to the heading
  // when its row went with the batch.
  const opener = useRef<HTMLElement | null>(null);
  const ask = (batch: ExpiringBatch) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsked(batch);
  };

  // Stock and prices changed: every other admin list reads again when next shown.
  const othersStale = () => void queryClient.invalidateQueries({ queryKey: ['admin'], refetchType: 'none' });

  const writeOff = useMutation({
    mutationFn: (batch: ExpiringBatch) => writeOffBatch(batch),
    onSuccess: (_, batch) => {
      setAsked(null);
      queryClient.setQueryData<Expiring>(key, (old) => (old ? withoutBatch(old, batch.id) : old));
      othersStale();
      toast.success(
        t('expiry.writeOff.done', { qty: quantityText(t, batch), product: batchProduct(name, batch) }),
      );
    },
    onError: (error) => {
      setAsked(null);
      toast.error(serverMessage(error, t('common.somethingWrong')));
    },
  });

  const onOffered = (answer: { product_id: number; offprice: number }) => {
    queryClient.setQueryData<Expiring>(key, (old) =>
      old ? withOffer(old, answer.product_id, answer.offprice) : old,
    );
    othersStale();
  };

  const show = (next: number) => {
    if (next === list.data?.days && (days === null || next === days)) {
      void list.refetch();
      return;
    }
    setParams(new URLSearchParams({ days: String(next) }));
  };

  return (
    <section className="card shadow-sm expiry-page" aria-labelledby="expiring-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h1 id="expiring-title" className="h4 mb-0 me-auto" tabIndex={-1} ref={heading}>
            {t('expiry.page.title')}
          </h1>
          <Link to="/admin/live-stock" className="btn btn-outline-secondary">
            {t('expiry.page.liveStock')}
          </Link>
        </div>
        <p className="small text-secondary mb-2">{t('expiry.page.intro')}</p>
        {list.data && (
          <p className="mb-2" data-testid="expiring-range">
            {t('expiry.page.within', { count: list.data.days, today: formatDay(list.data.today, language) })}
          </p>
        )}

        {/* Once the answer names the days (the shop's setting when the address has none). */}
        {list.data && <DaysForm key={list.data.days} initial={list.data.days} onShow={show} />}

        <div aria-busy={list.isPlaceholderData || undefined}>
          <QueryState query={list}>
            {(data) => <Batches list={data} onOffered={onOffered} onWriteOff={ask} />}
          </QueryState>
        </div>
      </div>

      <AdminConfirmModal
        show={asked !== null}
        title={t('expiry.writeOff.title')}
        confirmLabel={t('expiry.writeOff.confirm')}
        pending={writeOff.isPending}
        onConfirm={() => asked && writeOff.mutate(asked)}
        onClose={() => setAsked(null)}
        onExited={() => (opener.current?.isConnected ? opener.current : heading.current)?.focus()}
      >
        {asked && (
          <>
            <p className="mb-1">
              {t('expiry.writeOff.question', {
                qty: quantityText(t, asked),
                product: batchProduct(name, asked),
              })}
            </p>
            <p className="small text-secondary mb-0">
              {asked.code
                ? t('expiry.writeOff.batch', { code: asked.code, date: formatDay(asked.expiry, language) })
                : t('expiry.writeOff.batchNoCode', { date: formatDay(asked.expiry, language) })}
            </p>
          </>
        )}
      </AdminConfirmModal>
    </section>
  );
}
