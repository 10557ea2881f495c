import { reorderLevelsBody } from '@bazar/contracts/reorder';
import { useState } from 'react';
import type { z } from 'zod';
import { FormModal, ModalForm } from '../../components/form-modal';
import { TextField } from '../../components/text-field';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { fieldMessage, numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { namesIn } from '../../lib/line-names';
import { toast } from '../../lib/toast';
import { setLevels, type Suggestion } from './reorder-api';

interface LevelsModalProps {
  /** The product whose levels are set; null: closed. */
  product: Suggestion | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A product's reorder levels (POST /api/product/{id}/reorder): the minimum that starts an order and
 * the target it orders up to; an empty field is none (no minimum: the suggestion comes from sales;
 * no target: twice the minimum).
 */
export function LevelsModal({ product, onClose, onSaved }: LevelsModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      show={product !== null}
      id="reorder-levels"
      title={t('reorder.levels.title')}
      onClose={onClose}
    >
      {product && (
        <LevelsForm key={product.product_id} product={product} onClose={onClose} onSaved={onSaved} />
      )}
    </FormModal>
  );
}

function LevelsForm({
  product,
  onClose,
  onSaved,
}: { product: Suggestion } & Omit<LevelsModalProps, 'product'>) {
  const { t, language } = useTranslation();
  const { register, handleSubmit, setError, formState } = useZodForm(reorderLevelsBody, {
    defaultValues: { min: product.min, target: product.target },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);
  const names = namesIn(language, product);
  const title = names.attri ? `${names.title} ${names.attri}` : names.title;

  const onSubmit = async (values: z.output<typeof reorderLevelsBody>) => {
    setFailure(null);
    try {
      await setLevels(product.product_id, values);
      toast.success(t('reorder.levels.saved', { title }));
      onSaved();
      onClose();
    } catch (error) {
      if (!setServerErrors(error, setError, ['min', 'target'])) {
        setFailure(serverMessage(error, t('common.somethingWrong')));
      }
    }
  };

  return (
    <ModalForm
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      failure={failure}
      submitLabel={t('reorder.levels.save')}
      onClose={onClose}
    >
      <p className="fw-semibold" data-testid="levels-product">
        {title}
      </p>
      <TextField
        id="levels-min"
        label={t('reorder.levels.min')}
        help={t('reorder.levels.minHelp')}
        {...numberField('decimal')}
        error={fieldMessage(errors.min)}
        {...numberInput(register, 'min', { empty: null })}
      />
      <TextField
        id="levels-target"
        label={t('reorder.levels.target')}
        help={t('reorder.levels.targetHelp')}
        className="mb-0"
        {...numberField('decimal')}
        error={fieldMessage(errors.target)}
        {...numberInput(register, 'target', { empty: null })}
      />
    </ModalForm>
  );
}
