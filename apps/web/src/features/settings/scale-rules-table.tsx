import type { SettingsBody } from '@bazar/contracts/settings';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { DataTable } from '../../components/data-table';
import { FieldError } from '../../components/field-error';
import { errorAt } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import './settings.css';

const KINDS = ['weight', 'price'] as const;
/** contracts' scaleRulesSchema takes at most nine rules (prefixes 21 to 29). */
const MAX_RULES = 9;

/**
 * The scale rules as a small table: which EAN-13 prefix (21–29) the shop's scales print for a
 * weight label and which for a price label; rows are added and removed here, saved with the form.
 */
export function ScaleRulesTable() {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<SettingsBody>();
  const { fields, append, remove } = useFieldArray({ control, name: 'scale_rules' });
  const errors = formState.errors.scale_rules;
  const listError = errors?.root?.message ?? errors?.message;

  const prefixCell = (index: number) => {
    const prefixId = `scale-prefix-${index}`;
    const prefixError = errorAt(formState.errors, `scale_rules.${index}.prefix`)?.message;
    return (
      <>
        <input
          id={prefixId}
          className={`form-control form-control-sm scale-prefix${prefixError ? ' is-invalid' : ''}`}
          inputMode="numeric"
          maxLength={2}
          autoComplete="off"
          aria-label={t('settings.scale.prefixLabel', { n: index + 1 })}
          aria-invalid={prefixError ? true : undefined}
          aria-describedby={prefixError ? `${prefixId}-error` : undefined}
          {...register(`scale_rules.${index}.prefix`)}
        />
        <FieldError id={prefixId} message={prefixError} />
      </>
    );
  };

  const kindCell = (index: number) => {
    const kindError = errorAt(formState.errors, `scale_rules.${index}.kind`)?.message;
    return (
      <select
        className={`form-select form-select-sm${kindError ? ' is-invalid' : ''}`}
        aria-label={t('settings.scale.kindLabel', { n: index + 1 })}
        {...register(`scale_rules.${index}.kind`)}
      >
        {KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`settings.scale.kinds.${kind}`)}
          </option>
        ))}
      </select>
    );
  };

  // The next free prefix, so a new row starts valid.
  const nextPrefix = () => {
    const used = new Set(fields.map((field) => field.prefix));
    for (let n = 21; n <= 29; n += 1) if (!used.has(String(n))) return String(n);
    return '';
  };

  return (
    <fieldset className="mb-3" aria-describedby="scale-rules-help">
      <legend className="form-label fs-6 mb-1">{t('settings.scale.title')}</legend>
      <div id="scale-rules-help" className="form-text mt-0 mb-2">
        {t('settings.scale.help')}
      </div>
      {fields.length === 0 ? (
        <p className="small text-secondary mb-2">{t('settings.scale.empty')}</p>
      ) : (
        <DataTable
          className="table-sm align-middle mb-2 scale-rules"
          responsive={false}
          rows={fields.map((field, index) => ({ id: field.id, index }))}
          rowKey={(row) => row.id}
          columns={[
            { key: 'prefix', header: t('settings.scale.prefix'), cell: ({ index }) => prefixCell(index) },
            { key: 'kind', header: t('settings.scale.kind'), cell: ({ index }) => kindCell(index) },
            {
              key: 'actions',
              header: <span className="visually-hidden">{t('settings.scale.actions')}</span>,
              className: 'text-end',
              cell: ({ index }) => (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  aria-label={t('settings.scale.removeLabel', { n: index + 1 })}
                  onClick={() => remove(index)}
                >
                  {t('settings.scale.remove')}
                </button>
              ),
            },
          ]}
        />
      )}
      <FieldError id="scale-rules" message={listError} className="mb-2" />
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={fields.length >= MAX_RULES}
        onClick={() => append({ prefix: nextPrefix(), kind: 'weight' })}
      >
        {t('settings.scale.add')}
      </button>
    </fieldset>
  );
}
