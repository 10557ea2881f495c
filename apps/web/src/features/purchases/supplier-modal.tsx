import { supplierBody } from '@bazar/contracts/purchases';
import { DEFAULT_LEAD_DAYS } from '@bazar/contracts/reorder';
import { useState } from 'react';
import type { z } from 'zod';
import { FormModal, ModalForm } from '../../components/form-modal';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { formatNumber, useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { addSupplier, editSupplier, type Supplier } from './purchases-api';

const FIELDS = ['name', 'phone', 'address', 'lead_days'] as const;

interface SupplierModalProps {
  /** 'new' adds a supplier; a supplier is edited; null: closed. */
  supplier: Supplier | 'new' | null;
  onClose: () => void;
  /** Gets the supplier as the server saved it. */
  onSaved: (supplier: Supplier) => void;
}

/**
 * Add or edit a supplier: name, phone, address and lead time (days from ordering to the shelf, for
 * what to order; empty: the shop's default) (POST /api/supplier/add, /api/supplier/edit/{id}).
 */
export function SupplierModal({ supplier, onClose, onSaved }: SupplierModalProps) {
  const { t } = useTranslation();
  const title =
    supplier === 'new'
      ? t('adminPurchases.supplierForm.addTitle')
      : t('adminPurchases.supplierForm.editTitle');
  return (
    <FormModal show={supplier !== null} id="supplier-form" title={title} onClose={onClose}>
      {supplier !== null && (
        <SupplierForm
          key={supplier === 'new' ? 'new' : supplier.id}
          supplier={supplier === 'new' ? null : supplier}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </FormModal>
  );
}

function SupplierForm({
  supplier,
  onClose,
  onSaved,
}: { supplier: Supplier | null } & Omit<SupplierModalProps, 'supplier'>) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState } = useZodForm(supplierBody, {
    defaultValues: {
      name: supplier?.name ?? '',
      phone: supplier?.phone ?? '',
      address: supplier?.address ?? '',
      lead_days: supplier?.lead_days ?? null,
    },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (values: z.output<typeof supplierBody>) => {
    setFailure(null);
    try {
      const saved = supplier ? await editSupplier(supplier.id, values) : await addSupplier(values);
      toast.success(
        supplier ? t('adminPurchases.supplierForm.updated') : t('adminPurchases.supplierForm.added'),
      );
      onSaved(saved);
      onClose();
    } catch (error) {
      if (setServerErrors(error, setError, FIELDS)) return;
      const message = serverMessage(error, t('common.somethingWrong'));
      // 409: another supplier has this name, said under the name.
      if (isApiError(error, 409)) setError('name', { type: 'server', message });
      else setFailure(message);
    }
  };

  const tooLong = t('adminPurchases.supplierForm.tooLong');
  const textError = (error: typeof errors.name, empty: string) =>
    fieldMessage(error, error?.type === 'too_big' ? tooLong : empty);

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      failure={failure}
      submitLabel={t('adminPurchases.supplierForm.save')}
      onClose={onClose}
    >
      <TextField
        id="supplier-name"
        label={t('adminPurchases.supplierForm.name')}
        maxLength={100}
        autoComplete="off"
        error={textError(errors.name, t('adminPurchases.supplierForm.nameRequired'))}
        {...register('name')}
      />
      <TextField
        id="supplier-phone"
        label={t('adminPurchases.supplierForm.phone')}
        help={t('adminPurchases.supplierForm.phoneHelp')}
        type="tel"
        inputMode="tel"
        maxLength={20}
        autoComplete="off"
        error={fieldMessage(errors.phone, t('adminPurchases.supplierForm.phoneInvalid'))}
        {...register('phone')}
      />
      <TextField
        id="supplier-address"
        label={t('adminPurchases.supplierForm.address')}
        maxLength={300}
        autoComplete="off"
        error={textError(errors.address, tooLong)}
        {...register('address')}
      />
      <TextField
        id="supplier-lead-days"
        label={t('reorder.supplierForm.leadDays')}
        help={t('reorder.supplierForm.leadDaysHelp', { days: DEFAULT_LEAD_DAYS })}
        className="mb-0"
        placeholder={formatNumber(DEFAULT_LEAD_DAYS)}
        {...numberField('whole')}
        error={fieldMessage(errors.lead_days)}
        {...numberInput(register, 'lead_days', { empty: null })}
      />
    </ModalForm>
  );
}
