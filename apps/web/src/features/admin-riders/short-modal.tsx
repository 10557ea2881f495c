import { shortBody } from '@bazar/contracts/riders';
import type { OrderWithTimeline } from '@bazar/contracts/orders';
import { useMemo, useState } from 'react';
import { FormModal, ModalForm } from '../../components/form-modal';
import { TextField } from '../../components/text-field';
import { serverMessage } from '../../lib/form-errors';
import { numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { orderAmounts } from '../../lib/money';
import { toast } from '../../lib/toast';
import { productText, qtyText, type PickLine } from './pick-list-bits';
import { markShort } from './riders-api';

/** A product line of an order the shelf may be short of. */
export type ShortTarget = { orderId: number; line: PickLine & { product_id: number } };

type Props = {
  target: ShortTarget | null;
  onClose: () => void;
  /** The order after the line came off (its new total, paid and due). */
  onShort: (order: OrderWithTimeline) => void;
};

/**
 * "Short": while packing, the shelf has less of a product than an order takes. Asks how much is
 * missing (at most what the order has of it), takes it off the order (POST /api/order/{id}/short:
 * its total falls, stock does not move, money paid beyond the new total goes to the customer's
 * advance) and says the new total; the server sends the customer one SMS.
 */
export function ShortModal({ target, onClose, onShort }: Props) {
  const { t, language } = useTranslation();
  return (
    <FormModal
      show={target !== null}
      id="short-modal"
      title={target ? t('riders.pick.shortTitle', { product: productText(language, target.line) }) : ''}
      onClose={onClose}
    >
      {target && (
        <ShortForm
          key={`${target.orderId}-${target.line.product_id}`}
          target={target}
          onClose={onClose}
          onShort={onShort}
        />
      )}
    </FormModal>
  );
}

function ShortForm({ target, onClose, onShort }: Props & { target: ShortTarget }) {
  const { t, language } = useTranslation();
  const { orderId, line } = target;
  const schema = useMemo(
    () =>
      shortBody.pick({ quantity: true }).refine((v) => v.quantity <= line.quantity, {
        message: t('riders.pick.shortTooMany', {
          quantity: qtyText(t, line.quantity, line.unit, language),
        }),
        path: ['quantity'],
      }),
    [line, t, language],
  );
  const { register, handleSubmit, formState } = useZodForm(schema);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async ({ quantity }: { quantity: number }) => {
    setFailure(null);
    try {
      const order = await markShort(orderId, { product_id: line.product_id, quantity });
      toast.success(
        t('riders.pick.shortDone', {
          id: orderId,
          quantity: qtyText(t, quantity, line.unit, language),
          product: productText(language, line),
          total: orderAmounts(order).total,
        }),
      );
      onShort(order);
      onClose();
    } catch (error) {
      setFailure(serverMessage(error, t('riders.pick.shortFailed')));
    }
  };

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={formState.isSubmitting}
      failure={failure}
      submitLabel={t('riders.pick.shortSave')}
      submitClass="btn-warning"
      onClose={onClose}
    >
      <p className="mb-3">
        {t('riders.pick.shortHas', {
          id: orderId,
          quantity: qtyText(t, line.quantity, line.unit, language),
        })}
      </p>
      <TextField
        id="short-quantity"
        label={t('riders.pick.shortQuantity')}
        help={t('riders.pick.shortHelp')}
        {...numberField('decimal')}
        autoFocus
        error={formState.errors.quantity?.message}
        {...numberInput(register, 'quantity')}
      />
    </ModalForm>
  );
}
