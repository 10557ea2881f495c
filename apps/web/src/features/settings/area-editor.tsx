import { areaBody } from '@bazar/contracts/settings';
import { useEffect, type KeyboardEvent } from 'react';
import { FieldError } from '../../components/field-error';
import { isApiError } from '../../lib/api';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import type { Area } from '../../lib/shop-api';
import { toast } from '../../lib/toast';
import { editArea } from './settings-api';

export type AreaValues = {
  title: string;
  title_bn?: string | undefined;
  charge?: number | null | undefined;
};

/**
 * An area's row while it is edited: its name, Bangla name and delivery charge (empty: the
 * settings'), Save and Cancel (Escape too).
 */
export function AreaEditor({
  area,
  label,
  onDone,
  refresh,
}: {
  area: Area;
  /** The area's name as the list shows it, for the inputs' names. */
  label: string;
  onDone: () => void;
  refresh: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, setFocus, formState } = useZodForm(areaBody, {
    defaultValues: { title: area.title, title_bn: area.title_bn ?? '', charge: area.charge ?? null },
  });
  const titleError = formState.errors.title?.message;
  const banglaError = formState.errors.title_bn?.message;
  const chargeError = formState.errors.charge?.message;
  const id = `area-${area.id}`;

  useEffect(() => setFocus('title'), [setFocus]);

  const onSave = async ({ title, title_bn, charge }: AreaValues) => {
    try {
      // The Bangla name and the charge are always sent: an emptied one removes it.
      await editArea(area.id, { title, title_bn: title_bn ?? '', charge: charge ?? null });
      toast.success(t('areas.updated'));
      await refresh();
      onDone();
    } catch (error) {
      if (setServerErrors(error, setError, ['title', 'title_bn', 'charge'])) return;
      const message = serverMessage(error, t('common.somethingWrong'));
      if (isApiError(error, 409)) {
        // Another area has this name: said under the name.
        setError('title', { type: 'server', message });
        return;
      }
      toast.error(message);
      if (isApiError(error, 404)) {
        // Deleted meanwhile: the list is read again without it.
        await refresh();
        onDone();
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') onDone();
  };

  return (
    <form onSubmit={handleSubmit(onSave)} onKeyDown={onKeyDown} noValidate>
      <div className="row g-2 align-items-center">
        <div className="col-12 col-sm">
          <input
            id={`${id}-title`}
            className={`form-control form-control-sm${titleError ? ' is-invalid' : ''}`}
            maxLength={100}
            aria-label={t('areas.titleOf', { title: label })}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${id}-title-error` : undefined}
            autoComplete="off"
            {...register('title')}
          />
        </div>
        <div className="col-12 col-sm">
          <input
            id={`${id}-title-bn`}
            lang="bn"
            className={`form-control form-control-sm${banglaError ? ' is-invalid' : ''}`}
            maxLength={100}
            placeholder={t('areas.titleBn')}
            aria-label={t('areas.titleBnOf', { title: label })}
            aria-invalid={banglaError ? true : undefined}
            aria-describedby={banglaError ? `${id}-title-bn-error` : undefined}
            autoComplete="off"
            {...register('title_bn')}
          />
        </div>
        <div className="col-12 col-sm-3">
          <input
            id={`${id}-charge`}
            className={`form-control form-control-sm${chargeError ? ' is-invalid' : ''}`}
            placeholder={t('delivery.areas.settingCharge')}
            aria-label={t('delivery.areas.chargeOf', { title: label })}
            aria-invalid={chargeError ? true : undefined}
            aria-describedby={chargeError ? `${id}-charge-error` : undefined}
            {...numberField('whole')}
            {...numberInput(register, 'charge', { empty: null })}
          />
        </div>
        <div className="col-12 col-sm-auto d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-primary" disabled={formState.isSubmitting}>
            {t('areas.save')}
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDone}>
            {t('areas.cancel')}
          </button>
        </div>
      </div>
      <FieldError id={`${id}-title`} message={titleError} />
      <FieldError id={`${id}-title-bn`} message={banglaError} />
      <FieldError id={`${id}-charge`} message={chargeError} />
    </form>
  );
}
