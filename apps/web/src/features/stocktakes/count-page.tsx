import { stocktakeCountBody } from '@bazar/contracts/stocktakes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { QueryState } from '../../components/query-state';
import { isApiError } from '../../lib/api';
import { numberField, readNumber } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { usePermissions } from '../auth/permissions';
import { CameraScanner } from './camera-scanner';
import { CountBox } from './count-box';
import { CountedList, LastCounts, NotCountedList } from './count-lists';
import { lineTitle, quantityText, scopeText, StatusBadge } from './stocktake-bits';
import {
  fetchStocktake,
  lookupBarcode,
  stocktakeKey,
  type StocktakeDetail,
  type StocktakeLine,
} from './stocktakes-api';
import { useCounting } from './use-counting';
import './stocktakes.css';

/** Everyone's counts come in from other phones: an open count is read again this often. */
const REFRESH_MS = 15_000;

/**
 * Eight digits or more: an EAN-8, EAN-13 or a scale's label, never a quantity (the API takes at
 * most 100,000).
 */
const LONG_CODE = /^\d{8,}$/;

/**
 * Whether fields take the focus by themselves: where a keyboard or a USB scanner types (a fine
 * pointer: a computer). On a phone the focus would open the on-screen keyboard over the screen at
 * every count; the counter taps the field when they want to type.
 */
const typesWithKeys = () => window.matchMedia('(pointer: fine)').matches;

/** A scale label's weight (kg) kept to the API's two decimals. */
const hundredths = (qty: number) => Math.round(qty * 100) / 100;

/**
 * The product being counted: its name, this person's tally and everyone's, +1, and a quantity to
 * add (kg for weighed goods, or a shelf of many counted at once).
 */
function CountingNow({
  line,
  quantityRef,
  isScan,
  onAdd,
  onCode,
}: {
  line: StocktakeLine;
  quantityRef: RefObject<HTMLInputElement | null>;
  /** Whether typed text is a barcode rather than a quantity. */
  isScan: (text: string) => boolean;
  onAdd: (qty: number) => void;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation();
  const name = useLocalName();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const title = lineTitle(name, line);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A USB scanner types wherever the focus is: a code that lands here is a scan, not 12 digits of pieces.
    if (isScan(text.trim())) {
      setText('');
      setProblem(null);
      onCode(text.trim());
      return;
    }
    const qty = readNumber(text);
    // The API's own rule for a count's quantity (above 0, two decimals), and pieces are whole.
    if (qty === undefined || !stocktakeCountBody.shape.qty.safeParse(qty).success) {
      setProblem(t('stocktakes.counting.badQuantity'));
      return;
    }
    if (line.unit === 'pcs' && !Number.isInteger(qty)) {
      setProblem(t('stocktakes.counting.wholeOnly'));
      return;
    }
    setProblem(null);
    setText('');
    onAdd(qty);
  };

  return (
    <section className="card counting-now mb-3" aria-labelledby="counting-now-title">
      <div className="card-body">
        <p className="small text-secondary mb-1">{t('stocktakes.counting.now')}</p>
        <h2 id="counting-now-title" className="h5 mb-2">
          {title}
        </h2>
        <dl className="row g-2 mb-2 counting-tallies">
          <div className="col-6">
            <dt className="small text-secondary fw-normal">{t('stocktakes.counting.mine')}</dt>
            <dd className="fs-4 fw-semibold mb-0" data-testid="tally-mine">
              {quantityText(t, line.mine, line.unit)}
            </dd>
          </div>
          <div className="col-6">
            <dt className="small text-secondary fw-normal">{t('stocktakes.counting.everyone')}</dt>
            <dd className="fs-4 fw-semibold mb-0" data-testid="tally-everyone">
              {quantityText(t, line.counted ?? 0, line.unit)}
            </dd>
          </div>
        </dl>
        <form className="d-flex flex-wrap align-items-end gap-2" onSubmit={submit} noValidate>
          <button
            type="button"
            className="btn btn-success btn-lg add-one"
            aria-label={t('stocktakes.counting.addOneLabel', { name: title })}
            onClick={() => onAdd(1)}
          >
            {t('stocktakes.counting.addOne')}
          </button>
          <div className="flex-grow-1 count-quantity">
            <label htmlFor="count-quantity" className="form-label small mb-1">
              {t(`stocktakes.counting.quantityField.${line.unit}`)}
            </label>
            <div className="input-group">
              <input
                ref={quantityRef}
                id="count-quantity"
                {...numberField(line.unit === 'pcs' ? 'whole' : 'decimal')}
                className={`form-control form-control-lg${problem ? ' is-invalid' : ''}`}
                value={text}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'count-quantity-error' : undefined}
                onChange={(event) => {
                  setText(event.target.value);
                  setProblem(null);
                }}
              />
              <button type="submit" className="btn btn-primary">
                {t('stocktakes.counting.add')}
              </button>
            </div>
            {problem && (
              <div id="count-quantity-error" className="invalid-feedback d-block">
                {problem}
              </div>
            )}
          </div>
        </form>
      </div>
    </section>
  );
}

/** The counting screen of an open count (a closed one says so, with nothing to count). */
function Counting({ detail }: { detail: StocktakeDetail }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const mayApprove = usePermissions().can('stock.approve');
  const counting = useCounting(detail.id);
  const box = useRef<HTMLInputElement>(null);
  const quantity = useRef<HTMLInputElement>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [camera, setCamera] = useState(false);
  const lookups = useRef<Promise<void>>(Promise.resolve());
  const byId = useMemo(() => new Map(detail.items.map((l) => [l.product_id, l])), [detail.items]);
  const byBarcode = useMemo(
    () => new Map(detail.items.filter((l) => l.barcode).map((l) => [l.barcode, l])),
    [detail.items],
  );
  const selected = selectedId === null ? undefined : byId.get(selectedId);
  const open = detail.status === 'open';

  const focusBox = () => {
    if (typesWithKeys()) box.current?.focus();
  };

  useEffect(() => {
    if (open && typesWithKeys()) box.current?.focus();
  }, [open]);

  const count = (line: StocktakeLine, qty: number) => {
    setSelectedId(line.product_id);
    counting.add(line.product_id, qty);
  };

  /**
   * A scanned code: one of the count's own barcodes counts at once; any other (a scale's label, a
   * code the lines do not carry) is asked of the till's barcode lookup, in the order scanned.
   */
  const onCode = (code: string) => {
    setNotice('');
    const own = byBarcode.get(code);
    if (own) return count(own, 1);
    const lookup = lookupBarcode(code);
    lookups.current = lookups.current.then(() =>
      lookup.then(
        (found) => {
          const line = byId.get(found.product.id);
          if (!line) {
            setNotice(
              t('stocktakes.counting.notInCount', {
                name: lineTitle(name, found.product),
              }),
            );
            return;
          }
          // A label of the scale names the weight (or a price) of one pack: that much is on the shelf.
          const qty = found.product.barcode === code ? 1 : hundredths(found.quantity);
          count(line, qty > 0 ? qty : 1);
        },
        (failure: unknown) =>
          setNotice(
            isApiError(failure, 404)
              ? t('stocktakes.counting.notFound', { code })
              : isApiError(failure, 422)
                ? t('stocktakes.counting.badCode', { code, reason: failure.message })
                : t('stocktakes.counting.lookupFailed', { code }),
          ),
      ),
    );
  };

  const choose = (line: StocktakeLine) => {
    setNotice('');
    setSelectedId(line.product_id);
    // The quantity field is drawn with the product: focus it once it is there.
    if (typesWithKeys()) setTimeout(() => quantity.current?.focus(), 0);
  };

  return (
    <>
      {open ? (
        <>
          <div className="count-top mb-3">
            <CountBox inputRef={box} lines={detail.items} onCode={onCode} onPick={choose} />
            {!camera && (
              <button
                type="button"
                className="btn btn-outline-primary w-100 mt-2 camera-open"
                onClick={() => setCamera(true)}
              >
                {t('stocktakes.camera.open')}
              </button>
            )}
            <div aria-live="polite">
              {notice && (
                <div className="alert alert-warning py-2 mt-2 mb-0" role="alert">
                  {notice}
                </div>
              )}
            </div>
          </div>
          {camera && <CameraScanner onCode={onCode} onClose={() => setCamera(false)} />}
          {selected && (
            <CountingNow
              key={selected.product_id}
              line={selected}
              quantityRef={quantity}
              isScan={(text) => byBarcode.has(text) || LONG_CODE.test(text)}
              onCode={(code) => {
                onCode(code);
                focusBox();
              }}
              onAdd={(qty) => {
                count(selected, qty);
                focusBox();
              }}
            />
          )}
        </>
      ) : (
        <div className="alert alert-secondary" role="status">
          {t('stocktakes.counting.closed')}
          {mayApprove && (
            <>
              {' '}
              <Link to={`/admin/stock-counts/${detail.id}`}>{t('stocktakes.counting.review')}</Link>
            </>
          )}
        </div>
      )}
      <LastCounts entries={counting.entries} byId={byId} onRetry={counting.retry} onUndo={counting.undo} />
      {open && <NotCountedList lines={detail.items} onChoose={choose} />}
      <CountedList lines={detail.items} onChoose={open ? choose : undefined} />
    </>
  );
}

/**
 * /admin/stock-counts/{id}/count (who counts): counting the shelf on a phone (390 px) or a computer
 * with a USB scanner. Each scan adds 1 to this person's tally; a product found by name takes a typed
 * quantity (kg for weighed goods, or a shelf of many); the camera scans where there is no scanner.
 * Counting is blind: what the books expect is never shown here, even to a manager who counts.
 */
export function CountPage() {
  const { t } = useTranslation();
  const name = useLocalName();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: stocktakeKey(id),
    queryFn: () => fetchStocktake(id),
    enabled: valid,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? REFRESH_MS : false),
  });

  if (!valid || (detail.isError && isApiError(detail.error, 404))) return <NotFound />;

  return (
    <div className="count-page">
      <div className="d-flex align-items-start gap-2 mb-3">
        <Link
          to="/admin/stock-counts"
          className="btn btn-outline-secondary"
          aria-label={t('stocktakes.counting.back')}
        >
          <span aria-hidden="true">←</span>
        </Link>
        <div className="me-auto min-w-0">
          <h1 className="h4 mb-0">{t('stocktakes.counting.title', { id })}</h1>
          {detail.data && (
            <p className="text-secondary mb-0">
              <StatusBadge status={detail.data.status} /> {scopeText(t, name, detail.data)}
            </p>
          )}
        </div>
      </div>
      <QueryState query={detail}>{(data) => <Counting detail={data} />}</QueryState>
    </div>
  );
}
