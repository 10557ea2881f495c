import type { Unit } from '@bazar/contracts/catalog';
import { quantity } from '@bazar/contracts/numbers';
import type { StockProduct } from '@bazar/contracts/stock';
import {
  ADJUST_REASONS,
  stockAdjustBody,
  type AdjustReason,
  type StockAdjust,
} from '@bazar/contracts/stocktakes';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { z } from 'zod';
import { describedBy, FieldError } from '../../components/field-error';
import { FormModal, ModalForm } from '../../components/form-modal';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { formatNumber, useTranslation, type TFunction } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { toast } from '../../lib/toast';
import { adjustStock, findByBarcode, type StockAdjusted } from './stock-api';

/** The product a write-off is for: a row of Live stock. */
export type AdjustTarget = Pick<
  StockProduct,
  'id' | 'title' | 'attri' | 'title_bn' | 'attri_bn' | 'barcode' | 'qty'
>;

type Direction = 'out' | 'in';

/** The reasons that take stock out; Found is the only way in (the contract refuses the other way round). */
const OUT_REASONS = ADJUST_REASONS.filter((reason) => reason !== 'found');

/** What the dialog's fields hold: the quantity without its sign, the way it goes beside it. */
type AdjustValues = {
  direction: Direction;
  qty: number | undefined;
  reason: AdjustReason | '';
  note: string;
};

/**
 * The dialog's rules: a quantity above 0 (whole for pieces), a reason, a note; then the body it
 * makes (signed quantity) checked by the server's own schema, so a note missing for Other and a
 * reason against the direction are refused here as the server would refuse them, under the field.
 */
function adjustSchema(productId: number, unit: Unit | null, wholeOnly: string) {
  const amount = quantity('json');
  return z
    .object({
      direction: z.enum(['out', 'in']),
      qty: unit === 'pcs' ? amount.refine(Number.isInteger, wholeOnly) : amount,
      reason: stockAdjustBody.shape.reason,
      note: stockAdjustBody.shape.note,
    })
    .transform(({ direction, qty, reason, note }, ctx): StockAdjust => {
      const body = stockAdjustBody.safeParse({
        product_id: productId,
        qty: direction === 'out' ? -qty : qty,
        reason,
        note,
      });
      if (body.success) return body.data;
      for (const issue of body.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      return z.NEVER;
    });
}

/** "2 pcs", "1.25 kg"; the bare number when the product's unit could not be read. */
function quantityText(t: TFunction, qty: number, unit: Unit | null): string {
  return unit ? t(`shrinkage.quantities.${unit}`, { qty }) : formatNumber(qty);
}

type Props = {
  product: AdjustTarget | null;
  onClose: () => void;
  /** The server's answer: the product's quantity after the change. */
  onSaved: (answer: StockAdjusted) => void;
};

/**
 * "Adjust stock" of a Live stock row (`stock.edit`): stock taken out with a reason (damaged,
 * expired, lost or stolen, own use, other with a note) or found and put back in, through
 * POST /api/stock/adjust and the stock ledger. The server's refusals (more than on hand) show under
 * their fields.
 */
export function AdjustStockModal({ product, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const name = useLocalName();
  const title = product ? productName(name, product) : '';
  return (
    <FormModal
      show={product !== null}
      id="adjust-stock"
      title={product ? t('shrinkage.adjust.title', { product: title }) : ''}
      onClose={onClose}
    >
      {product && <AdjustBody key={product.id} product={product} onClose={onClose} onSaved={onSaved} />}
    </FormModal>
  );
}

/** "Rice (5 kg)" in the language on screen (`name`: useLocalName's). */
export function productName(
  name: (en: string, bn: string) => string,
  p: Pick<AdjustTarget, 'title' | 'attri' | 'title_bn' | 'attri_bn'>,
): string {
  const attri = name(p.attri, p.attri_bn);
  return attri ? `${name(p.title, p.title_bn)} (${attri})` : name(p.title, p.title_bn);
}

/** Reads the product's unit first: the quantity's rule (whole pieces or two decimals) depends on it. */
function AdjustBody({ product, onClose, onSaved }: Props & { product: AdjustTarget }) {
  const { t } = useTranslation();
  const found = useQuery({
    queryKey: ['admin', 'stock-product', product.id, product.barcode],
    queryFn: () => findByBarcode(product),
    staleTime: 0,
    // Without an answer the dialog still works: two decimals, no unit named.
    retry: false,
  });
  if (found.isPending) {
    return (
      <Modal.Body>
        <div className="d-flex align-items-center gap-2 py-3" role="status">
          <div className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
          <span>{t('shrinkage.adjust.reading')}</span>
        </div>
      </Modal.Body>
    );
  }
  return (
    <AdjustForm
      product={product}
      unit={found.data?.unit ?? null}
      onHand={found.data?.qty ?? product.qty}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function AdjustForm({
  product,
  unit,
  onHand,
  onClose,
  onSaved,
}: Omit<Props, 'product'> & { product: AdjustTarget; unit: Unit | null; onHand: number }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const wrongQty = t(unit === 'pcs' ? 'shrinkage.adjust.piecesWrong' : 'shrinkage.adjust.weighedWrong');
  const schema = useMemo(() => adjustSchema(product.id, unit, wrongQty), [product.id, unit, wrongQty]);
  const { register, handleSubmit, setError, setValue, setFocus, watch, formState } = useZodForm<
    typeof schema,
    AdjustValues
  >(schema, { defaultValues: { direction: 'out', reason: '', note: '' } });
  const { errors, isSubmitting, isSubmitted } = formState;
  const direction = watch('direction');
  const [failure, setFailure] = useState<string | null>(null);

  // The quantity takes the focus once the dialog has taken it (Preact does not act on autoFocus).
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFocus('qty'));
    return () => cancelAnimationFrame(frame);
  }, [setFocus]);

  const onSubmit = async (body: StockAdjust) => {
    setFailure(null);
    try {
      const answer = await adjustStock(body);
      const vars = { qty: quantityText(t, Math.abs(body.qty), unit), product: productName(name, product) };
      toast.success(
        body.qty < 0
          ? t('shrinkage.adjust.savedOut', { ...vars, reason: t(`shrinkage.reasons.${body.reason}`) })
          : t('shrinkage.adjust.savedIn', vars),
      );
      onSaved(answer);
      onClose();
    } catch (error) {
      if (!setServerErrors(error, setError, ['qty', 'reason', 'note'])) {
        setFailure(serverMessage(error, t('shrinkage.adjust.failed')));
      }
    }
  };

  const qtyError = fieldMessage(errors.qty, wrongQty);
  const reasonError = fieldMessage(errors.reason, t('shrinkage.adjust.chooseReason'));
  const noteError = fieldMessage(errors.note, t('shrinkage.adjust.noteNeeded'));
  const unitName = unit ? t(`shrinkage.units.${unit}`) : '';

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      failure={failure}
      submitLabel={t(direction === 'in' ? 'shrinkage.adjust.saveIn' : 'shrinkage.adjust.saveOut')}
      submitClass={direction === 'in' ? 'btn-primary' : 'btn-danger'}
      onClose={onClose}
    >
      <p className="mb-3" data-testid="adjust-on-hand">
        {t('shrinkage.adjust.onHand', { qty: quantityText(t, onHand, unit) })}
      </p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{t('shrinkage.adjust.direction')}</legend>
        <div className="btn-group w-100 adjust-direction">
          {(['out', 'in'] as const).map((way) => (
            <Fragment key={way}>
              <input
                id={`adjust-${way}`}
                type="radio"
                value={way}
                className="btn-check"
                aria-describedby="adjust-direction-help"
                {...register('direction', {
                  // Found is the one reason that puts stock in; taking out needs one of the others.
                  onChange: (event: { target: { value: string } }) =>
                    setValue('reason', event.target.value === 'in' ? 'found' : '', {
                      shouldValidate: isSubmitted,
                    }),
                })}
              />
              <label
                htmlFor={`adjust-${way}`}
                className={`btn ${way === 'out' ? 'btn-outline-danger' : 'btn-outline-success'}`}
              >
                {t(`shrinkage.adjust.${way}`)}
              </label>
            </Fragment>
          ))}
        </div>
        <div id="adjust-direction-help" className="form-text">
          {t(direction === 'in' ? 'shrinkage.adjust.inHelp' : 'shrinkage.adjust.outHelp')}
        </div>
      </fieldset>

      <TextField
        id="adjust-qty"
        label={
          unitName ? t('shrinkage.adjust.quantity', { unit: unitName }) : t('shrinkage.adjust.quantityPlain')
        }
        help={t(unit === 'pcs' ? 'shrinkage.adjust.piecesHelp' : 'shrinkage.adjust.weighedHelp')}
        {...numberField(unit === 'pcs' ? 'whole' : 'decimal')}
        error={qtyError}
        {...numberInput(register, 'qty')}
      />

      {direction === 'out' && (
        <fieldset className="mb-3" aria-describedby={describedBy('adjust-reason', { error: reasonError })}>
          <legend className="form-label fs-6 mb-1">{t('shrinkage.adjust.reason')}</legend>
          <div className="adjust-reasons">
            {OUT_REASONS.map((reason) => (
              <div key={reason} className="form-check">
                <input
                  id={`adjust-reason-${reason}`}
                  type="radio"
                  value={reason}
                  className={`form-check-input${reasonError ? ' is-invalid' : ''}`}
                  aria-invalid={reasonError ? true : undefined}
                  {...register('reason')}
                />
                <label htmlFor={`adjust-reason-${reason}`} className="form-check-label">
                  {t(`shrinkage.reasons.${reason}`)}
                </label>
              </div>
            ))}
          </div>
          <FieldError id="adjust-reason" message={reasonError} />
        </fieldset>
      )}

      <TextField
        id="adjust-note"
        label={t('shrinkage.adjust.note')}
        help={t('shrinkage.adjust.noteHelp')}
        className="mb-0"
        maxLength={200}
        autoComplete="off"
        error={noteError}
        {...register('note')}
      />
    </ModalForm>
  );
}
