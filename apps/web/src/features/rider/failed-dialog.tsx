import { failedBody, FAIL_REASONS, type FailedBody, type FailReason } from '@bazar/contracts/riders';
import { useState, type FormEvent } from 'react';
import { describedBy, FieldError } from '../../components/field-error';
import { FormModal, ModalForm } from '../../components/form-modal';
import { useSlotDays, useSlotText } from '../../lib/delivery';
import { useTranslation } from '../../lib/i18n/i18n';
import type { ShownDelivery } from './rider-outbox';

/**
 * Failed: why the order could not be handed over (a reason, and a note, which Other needs) and,
 * when the customer asked for one, a new delivery slot among those still open. The order goes back
 * to the shop; the customer gets an SMS.
 */
export function FailedDialog({
  delivery,
  onClose,
  onExited,
  onSubmit,
}: {
  delivery: ShownDelivery | null;
  onClose: () => void;
  onExited: () => void;
  onSubmit: (delivery: ShownDelivery, body: FailedBody) => void;
}) {
  const { t } = useTranslation();
  // The title stays while the dialog fades out (kept as React keeps a value from the last render).
  const [last, setLast] = useState(delivery);
  if (delivery && delivery !== last) setLast(delivery);
  const shown = delivery ?? last;
  return (
    <FormModal
      show={delivery !== null}
      id="rider-failed"
      title={shown ? t('rider.fail.title', { id: shown.id }) : ''}
      onClose={onClose}
      onExited={onExited}
    >
      {delivery && <FailedForm delivery={delivery} onClose={onClose} onSubmit={onSubmit} />}
    </FormModal>
  );
}

const ID = 'fail';

function FailedForm({
  delivery,
  onClose,
  onSubmit,
}: {
  delivery: ShownDelivery;
  onClose: () => void;
  onSubmit: (delivery: ShownDelivery, body: FailedBody) => void;
}) {
  const { t } = useTranslation();
  const slotDays = useSlotDays();
  const slotText = useSlotText('short');
  const [reason, setReason] = useState<FailReason | null>(null);
  const [note, setNote] = useState('');
  const [slot, setSlot] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});

  // Only the slots a customer could still book; a full or closed one would be refused.
  const open = (slotDays.data?.days ?? []).flatMap((day) =>
    day.slots
      .filter((s) => s.state === 'open')
      .map((s) => ({ value: `${day.date} ${s.start}`, date: day.date, start: s.start, end: s.end })),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: t('rider.fail.reasonNeeded') });
      return;
    }
    const chosen = open.find((s) => s.value === slot);
    const body: FailedBody = {
      reason,
      note: note.trim(),
      ...(chosen && { slot: { date: chosen.date, start: chosen.start } }),
    };
    const parsed = failedBody.safeParse(body);
    if (!parsed.success) {
      const found: { reason?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'reason' ? 'reason' : 'note';
        found[field] ??= field === 'note' && reason === 'other' ? t('rider.fail.noteNeeded') : issue.message;
      }
      setErrors(found);
      return;
    }
    onSubmit(delivery, body);
  };

  return (
    <ModalForm
      onSubmit={submit}
      submitting={false}
      submitLabel={t('rider.fail.submit')}
      submitClass="btn-danger"
      onClose={onClose}
    >
      <fieldset
        className="mb-3"
        aria-describedby={describedBy(`${ID}-reason`, { error: errors.reason })}
        aria-invalid={errors.reason ? true : undefined}
      >
        <legend className="fs-6 fw-semibold mb-2">{t('rider.fail.why')}</legend>
        <div className="d-grid gap-2">
          {FAIL_REASONS.map((r) => (
            <div key={r}>
              <input
                type="radio"
                className="btn-check"
                name="fail-reason"
                id={`${ID}-reason-${r}`}
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setErrors({});
                }}
              />
              <label className="btn btn-outline-secondary w-100 text-start" htmlFor={`${ID}-reason-${r}`}>
                {t(`rider.reasons.${r}`)}
              </label>
            </div>
          ))}
        </div>
        <FieldError id={`${ID}-reason`} message={errors.reason} />
      </fieldset>

      <div className="mb-3">
        <label htmlFor={`${ID}-note`} className="form-label">
          {t('rider.fail.note')}
        </label>
        <textarea
          id={`${ID}-note`}
          className={`form-control${errors.note ? ' is-invalid' : ''}`}
          rows={2}
          maxLength={200}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy(`${ID}-note`, { help: true, error: errors.note })}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setErrors((e) => ({ ...e, note: undefined }));
          }}
        />
        <div id={`${ID}-note-help`} className="form-text">
          {t('rider.fail.noteHelp')}
        </div>
        <FieldError id={`${ID}-note`} message={errors.note} />
      </div>

      {slotDays.isError || (slotDays.isPending && slotDays.fetchStatus === 'paused') ? (
        <p className="small mb-0">{t('rider.fail.slotsOffline')}</p>
      ) : (
        open.length > 0 && (
          <div>
            <label htmlFor={`${ID}-slot`} className="form-label">
              {t('rider.fail.slot')}
            </label>
            <select
              id={`${ID}-slot`}
              className="form-select"
              value={slot}
              onChange={(event) => setSlot(event.target.value)}
            >
              <option value="">{t('rider.fail.noSlot')}</option>
              {open.map((s) => (
                <option key={s.value} value={s.value}>
                  {slotText(s)}
                </option>
              ))}
            </select>
          </div>
        )
      )}
    </ModalForm>
  );
}
