import { slotSettings, SLOTS_MAX, type SlotSettings } from '@bazar/contracts/delivery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { FieldError } from '../../components/field-error';
import { QueryState } from '../../components/query-state';
import { DataTable } from '../../components/data-table';
import { TextField } from '../../components/text-field';
import { DELIVERY_SLOTS_KEY } from '../../lib/delivery';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { errorAt, numberField, numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { fetchSlotSettings, saveSlotSettings, SLOT_SETTINGS_KEY } from './delivery-slots-api';
import './settings.css';

/** Setting's "Delivery slots" card: the slots of a day with their capacity, days ahead, cut-off. */
export function DeliverySlotsCard() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: SLOT_SETTINGS_KEY, queryFn: fetchSlotSettings });
  return (
    <section className="card shadow-sm admin-form-card mt-3" aria-labelledby="delivery-slots-title">
      <div className="card-body">
        <h2 id="delivery-slots-title" className="h5 mb-1">
          {t('delivery.settings.title')}
        </h2>
        <p className="form-text mt-0 mb-3">{t('delivery.settings.help')}</p>
        <QueryState query={settings}>{(data) => <SlotsForm initial={data} />}</QueryState>
      </div>
    </section>
  );
}

function SlotsForm({ initial }: { initial: SlotSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(slotSettings, { defaultValues: initial });
  const { control, register, handleSubmit, setError, reset, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'slots' });
  const { errors } = formState;
  const listError = errors.slots?.root?.message ?? errors.slots?.message;

  const onSubmit = async (values: SlotSettings) => {
    try {
      const saved = await saveSlotSettings(values);
      queryClient.setQueryData(SLOT_SETTINGS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: DELIVERY_SLOTS_KEY });
      reset(saved);
      toast.success(t('delivery.settings.saved'));
    } catch (error) {
      if (!setServerErrors(error, setError, ['days_ahead', 'cutoff_minutes', 'slots'])) {
        toast.error(serverMessage(error, t('common.somethingWrong')));
      }
    }
  };

  /** One slot's start, end or capacity input, named by its slot's number. */
  const cell = (index: number, name: 'start' | 'end' | 'capacity') => {
    const id = `slot-${index}-${name}`;
    const error = errorAt(errors, `slots.${index}.${name}`)?.message;
    const common = {
      id,
      className: `form-control form-control-sm${error ? ' is-invalid' : ''}`,
      'aria-label': t(`delivery.settings.${name}Of`, { n: index + 1 }),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    };
    return (
      <>
        {name === 'capacity' ? (
          <input
            {...common}
            {...numberField('whole')}
            {...numberInput(register, `slots.${index}.capacity`)}
          />
        ) : (
          <input {...common} type="time" {...register(`slots.${index}.${name}`)} />
        )}
        <FieldError id={id} message={error} />
      </>
    );
  };

  // A new slot starts where the last one ends, two hours long, so it starts valid.
  const nextSlot = () => {
    const last = fields.at(-1)?.end ?? '08:00';
    const hour = Math.min(Number(last.slice(0, 2)) + 2, 23);
    return {
      start: last,
      end: `${String(hour).padStart(2, '0')}:${hour === 23 ? '59' : last.slice(3)}`,
      capacity: 10,
    };
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      {fields.length === 0 ? (
        <p className="small text-secondary mb-2">{t('delivery.settings.none')}</p>
      ) : (
        <DataTable
          className="table-sm align-middle mb-2 delivery-slots"
          responsive={false}
          rows={fields.map((field, index) => ({ id: field.id, index }))}
          rowKey={(row) => row.id}
          columns={[
            { key: 'start', header: t('delivery.settings.start'), cell: ({ index }) => cell(index, 'start') },
            { key: 'end', header: t('delivery.settings.end'), cell: ({ index }) => cell(index, 'end') },
            {
              key: 'capacity',
              header: t('delivery.settings.capacity'),
              cell: ({ index }) => cell(index, 'capacity'),
            },
            {
              key: 'remove',
              header: <span className="visually-hidden">{t('delivery.settings.remove')}</span>,
              className: 'text-end',
              cell: ({ index }) => (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  aria-label={t('delivery.settings.removeLabel', { n: index + 1 })}
                  onClick={() => remove(index)}
                >
                  {t('delivery.settings.remove')}
                </button>
              ),
            },
          ]}
        />
      )}
      <FieldError id="delivery-slots" message={listError} className="mb-2" />
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm mb-3"
        disabled={fields.length >= SLOTS_MAX}
        onClick={() => append(nextSlot())}
      >
        {t('delivery.settings.add')}
      </button>
      <div className="row g-0 column-gap-3">
        <TextField
          id="slot-days-ahead"
          className="col-12 col-sm mb-3"
          label={t('delivery.settings.daysAhead')}
          help={t('delivery.settings.daysAheadHelp')}
          {...numberField('whole')}
          error={errors.days_ahead?.message}
          {...numberInput(register, 'days_ahead')}
        />
        <TextField
          id="slot-cutoff"
          className="col-12 col-sm mb-3"
          label={t('delivery.settings.cutoff')}
          help={t('delivery.settings.cutoffHelp')}
          {...numberField('whole')}
          error={errors.cutoff_minutes?.message}
          {...numberInput(register, 'cutoff_minutes')}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {t('delivery.settings.save')}
      </button>
    </form>
  );
}
