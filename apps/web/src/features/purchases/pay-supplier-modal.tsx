import { supplierPayBody } from '@bazar/contracts/purchases';
import { useState } from 'react';
import type { z } from 'zod';
import { MethodSelect } from '../../components/method-select';
import { FormModal, ModalForm } from '../../components/form-modal';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { paySupplier, SUPPLIER_PAY_METHODS, type Supplier } from './purchases-api';

interface PaySupplierModalProps {
  supplier: Supplier | null;
  onClose: () => void;
  /** Gets the supplier with its new due. */
  onPaid: (supplier: Supplier) => void;
}

/**
 * "Pay supplier": part or all of what the shop owes a supplier (POST /api/supplier/pay/{id}). More
 * than the due is refused here with the spec's "Amount is large", as the server does.
 */
export function PaySupplierModal({ supplier, onClose, onPaid }: PaySupplierModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      show={supplier !== null}
      id="supplier-pay"
      title={t('adminPurchases.pay.title')}
      onClose={onClose}
    >
      {supplier && <PayForm key={supplier.id} supplier={supplier} onClose={onClose} onPaid={onPaid} />}
    </FormModal>
  );
}

function PayForm({
  supplier,
  onClose,
  onPaid,
}: { supplier: Supplier } & Omit<PaySupplierModalProps, 'supplier'>) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState } = useZodForm(supplierPayBody, {
    defaultValues: { method: 'cash' },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (values: z.output<typeof supplierPayBody>) => {
    setFailure(null);
    if (values.amount > supplier.due) {
      setError('amount', { type: 'manual', message: t('adminPurchases.pay.amountLarge') });
      return;
    }
    try {
      const paid = await paySupplier(supplier.id, values);
      toast.success(t('adminPurchases.pay.saved', { amount: values.amount, name: paid.name, due: paid.due }));
      onPaid(paid);
      onClose();
    } catch (error) {
      // The server's "Amount is large" (the due changed meanwhile) goes under the amount.
      if (!setServerErrors(error, setError, ['amount', 'method']))
        setFailure(serverMessage(error, t('common.somethingWrong')));
    }
  };

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      failure={failure}
      submitLabel={t('adminPurchases.pay.save')}
      onClose={onClose}
    >
      <p className="mb-3" data-testid="supplier-pay-owed">
        {t('adminPurchases.pay.owed', { name: supplier.name, amount: supplier.due })}
      </p>
      <TextField
        id="supplier-pay-amount"
        label={t('adminPurchases.pay.amount')}
        help={t('adminPurchases.pay.amountHelp', { due: supplier.due })}
        {...numberField('whole')}
        error={fieldMessage(errors.amount, t('adminPurchases.pay.amountInvalid'))}
        {...numberInput(register, 'amount')}
      />
      <div>
        <MethodSelect
          id="supplier-pay-method"
          label={t('adminPurchases.pay.method')}
          methods={SUPPLIER_PAY_METHODS}
          {...register('method')}
        />
      </div>
    </ModalForm>
  );
}
