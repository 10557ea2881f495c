import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { TrashIcon } from '../../components/admin-icons';
import { formatAmount, formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { numberField, readNumber } from '../../lib/forms';
import { useLocalName } from '../../lib/names';
import { lineAmount } from '../../lib/money';
import { roundQty, type TillLine } from './till-sale';

type Props = {
  lines: TillLine[];
  onQty: (key: string, qty: number) => void;
  /** A price changed at the till (whole taka). */
  onPrice: (key: string, price: number) => void;
  onRemove: (key: string) => void;
  /** A quantity was confirmed or left as it was (Enter, Esc), or a line removed: back to the box. */
  onDone: () => void;
};

/** The cart: SL, Title, Attribute, Price, QTY (click or Enter to edit, Enter confirms), Amount, Del. */
export function TillCart({ lines, onQty, onPrice, onRemove, onDone }: Props) {
  const { t } = useTranslation();
  const local = useLocalName();
  if (lines.length === 0) return <p className="text-secondary small mb-0">{t('adminTill.cart.empty')}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0 till-cart" data-testid="till-cart">
        <caption className="visually-hidden">{t('adminTill.cart.heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminTill.cart.columns.sl')}</th>
            <th scope="col">{t('adminTill.cart.columns.title')}</th>
            <th scope="col">{t('adminTill.cart.columns.attri')}</th>
            <th scope="col" className="text-end">
              {t('adminTill.cart.columns.price')}
            </th>
            <th scope="col">{t('adminTill.cart.columns.qty')}</th>
            <th scope="col" className="text-end">
              {t('adminTill.cart.columns.amount')}
            </th>
            <th scope="col">{t('adminTill.cart.columns.del')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={line.key} data-line={line.key}>
              <td>{formatNumber(index + 1)}</td>
              <td>
                {local(line.title, line.title_bn)}
                {line.weighed && (
                  <span className="badge text-bg-light border ms-1">{t('adminTill.cart.weighed')}</span>
                )}
              </td>
              <td>{local(line.attri, line.attri_bn)}</td>
              <td className="text-end">
                <LinePrice line={line} onChange={(price) => onPrice(line.key, price)} onDone={onDone} />
              </td>
              <td>
                <LineQty line={line} onChange={(qty) => onQty(line.key, qty)} onDone={onDone} />
              </td>
              {/* The line's amount by the money rule, as the receipt prints it. */}
              <td className="text-end num text-nowrap" data-testid="till-line-amount">
                {formatAmount(
                  lineAmount({ price: line.price, quantity: line.qty, label_poisha: line.poisha }),
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('adminTill.cart.remove', { title: local(line.title, line.title_bn) })}
                  onClick={() => {
                    onRemove(line.key);
                    onDone();
                  }}
                >
                  <TrashIcon />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A cart figure edited in place: shown as a button; `start` makes it a field (focused), Enter
 * confirms (`accept` reads the text: Latin or Bengali digits), Esc leaves it as it was; either
 * way the focus goes back to the product box (`onDone`). Leaving the field confirms too.
 */
function useInPlace(accept: (text: string) => void, onDone: () => void) {
  const [draft, setDraft] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const editing = draft !== null;
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);
  const confirm = () => {
    if (draft === null) return;
    accept(draft);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    event.preventDefault();
    if (event.key === 'Enter') confirm();
    else setDraft(null);
    onDone();
  };
  return {
    editing,
    start: (text: string) => setDraft(text),
    field: {
      ref: field,
      value: draft ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft(event.target.value),
      onKeyDown,
      onBlur: confirm,
    },
  };
}

/** A line's price: a click makes it a field (whole taka); a changed price is marked on the line. */
function LinePrice({
  line,
  onChange,
  onDone,
}: {
  line: TillLine;
  onChange: (price: number) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const title = useLocalName()(line.title, line.title_bn);
  const edit = useInPlace((text) => {
    const value = readNumber(text);
    if (value !== undefined && Number.isInteger(value) && value >= 0 && value !== line.price) onChange(value);
  }, onDone);
  if (!edit.editing) {
    return (
      <button
        type="button"
        className="btn btn-sm btn-link text-reset text-decoration-none p-0 num text-nowrap"
        aria-label={t('adminTill.cart.changePrice', { title, price: line.price })}
        onClick={() => edit.start(String(line.price))}
      >
        {formatNumber(line.price)}
        {line.priceChanged && (
          <span className="badge text-bg-warning ms-1">{t('adminTill.cart.priceChanged')}</span>
        )}
      </button>
    );
  }
  return (
    <input
      {...numberField('whole')}
      className="form-control form-control-sm qty-input text-end"
      aria-label={t('adminTill.cart.priceOf', { title })}
      title={t('adminTill.cart.qtyHelp')}
      {...edit.field}
    />
  );
}

/** A line's quantity: Enter or a click makes it a field (0.01 steps). */
function LineQty({
  line,
  onChange,
  onDone,
}: {
  line: TillLine;
  onChange: (qty: number) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const title = useLocalName()(line.title, line.title_bn);
  const edit = useInPlace((text) => {
    // Latin or Bengali digits (১.৫ is 1.5).
    const value = readNumber(text);
    if (value !== undefined && value > 0) onChange(roundQty(value));
  }, onDone);
  const unit = line.unit && line.unit !== 'pcs' ? ` ${t(`adminTill.cart.units.${line.unit}`)}` : '';
  if (!edit.editing) {
    return (
      <button
        type="button"
        className="btn btn-sm btn-outline-dark qty-display num text-nowrap"
        aria-label={t('adminTill.cart.changeQty', { title, qty: line.qty })}
        onClick={() => edit.start(String(line.qty))}
      >
        {formatNumber(line.qty)}
        {unit}
      </button>
    );
  }
  return (
    <input
      {...numberField('decimal')}
      className="form-control form-control-sm qty-input"
      aria-label={t('adminTill.cart.qtyOf', { title })}
      title={t('adminTill.cart.qtyHelp')}
      {...edit.field}
    />
  );
}
