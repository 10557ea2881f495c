import { money } from '@bazar/contracts/numbers';
import { closeShiftBody, openShiftBody, shiftMoveBody } from '@bazar/contracts/shifts';
import { useEffect, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { z } from 'zod';
import { describedBy, FieldError } from '../../components/field-error';
import { serverMessage, setServerErrors } from '../../lib/form-errors';
import { numberInput, useZodForm } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n/i18n';
import { closeShift, moveCash, openShift, type Shift } from './till-api';

/** Cash in or out: a positive amount and which way it goes; sent as + (in) or − (out). */
const moveSchema = z.object({
  direction: z.enum(['in', 'out']),
  amount: money('json', 'amount', 1),
  reason: shiftMoveBody.shape.reason,
});

type DialogProps = { onClose: () => void; onDone: (shift: Shift) => void };

function ShiftModal({
  title,
  id,
  onClose,
  children,
}: {
  title: string;
  id: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // The dialog's first field takes the focus once the dialog has taken it (Preact does not act on
  // `autoFocus`, and the modal focuses itself when it opens).
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[aria-labelledby="${id}-title"] [data-autofocus]`)?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [id]);
  return (
    <Modal show onHide={onClose} centered animation={false} aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('adminTill.shift.cancel')}>
        <Modal.Title as="h2" id={`${id}-title`} className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {children}
    </Modal>
  );
}

function Footer({ onClose, submit, busy }: { onClose: () => void; submit: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal.Footer>
      <button type="button" className="btn btn-secondary" onClick={onClose}>
        {t('adminTill.shift.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submit}
      </button>
    </Modal.Footer>
  );
}

/** Open a shift with the cash in the drawer (the float). */
export function OpenShiftDialog({ onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState('');
  const { register, handleSubmit, setError, formState } = useZodForm(openShiftBody);
  const error = formState.errors.float?.message;
  const submit = handleSubmit(async ({ float }) => {
    try {
      onDone(await openShift(float));
    } catch (failure) {
      if (!setServerErrors(failure, setError, ['float']))
        setProblem(serverMessage(failure, t('common.somethingWrong')));
    }
  });
  return (
    <ShiftModal id="shift-open" title={t('adminTill.shift.openTitle')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Body>
          <label htmlFor="shift-float" className="form-label">
            {t('adminTill.shift.float')}
          </label>
          <input
            id="shift-float"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
            className={`form-control${error ? ' is-invalid' : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy('shift-float', { error })}
            {...numberInput(register, 'float')}
          />
          <FieldError id="shift-float" message={error} />
          <p className="small text-danger mt-2 mb-0" role="alert">
            {problem}
          </p>
        </Modal.Body>
        <Footer onClose={onClose} submit={t('adminTill.shift.openSubmit')} busy={formState.isSubmitting} />
      </form>
    </ShiftModal>
  );
}

/** Cash put in the drawer or taken out, with the reason. */
export function MoveCashDialog({ onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState('');
  const { register, handleSubmit, setError, formState } = useZodForm(moveSchema, {
    defaultValues: { direction: 'in', reason: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit(async ({ direction, amount, reason }) => {
    try {
      onDone(await moveCash(direction === 'in' ? amount : -amount, reason));
    } catch (failure) {
      if (!setServerErrors(failure, setError, ['amount', 'reason']))
        setProblem(serverMessage(failure, t('common.somethingWrong')));
    }
  });
  return (
    <ShiftModal id="shift-move" title={t('adminTill.shift.moveTitle')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Body>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('adminTill.shift.direction')}</legend>
            {(['in', 'out'] as const).map((direction, index) => (
              <div key={direction} className="form-check form-check-inline">
                <input
                  id={`shift-move-${direction}`}
                  type="radio"
                  value={direction}
                  className="form-check-input"
                  data-autofocus={index === 0 ? true : undefined}
                  {...register('direction')}
                />
                <label htmlFor={`shift-move-${direction}`} className="form-check-label">
                  {t(`adminTill.shift.${direction}`)}
                </label>
              </div>
            ))}
          </fieldset>
          <label htmlFor="shift-move-amount" className="form-label">
            {t('adminTill.shift.amount')}
          </label>
          <input
            id="shift-move-amount"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`form-control mb-1${errors.amount ? ' is-invalid' : ''}`}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy('shift-move-amount', { error: errors.amount })}
            {...numberInput(register, 'amount')}
          />
          <FieldError id="shift-move-amount" message={errors.amount?.message} />
          <label htmlFor="shift-move-reason" className="form-label mt-2">
            {t('adminTill.shift.reason')}
          </label>
          <input
            id="shift-move-reason"
            type="text"
            autoComplete="off"
            maxLength={200}
            className={`form-control${errors.reason ? ' is-invalid' : ''}`}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy('shift-move-reason', { error: errors.reason })}
            {...register('reason')}
          />
          <FieldError id="shift-move-reason" message={errors.reason?.message} />
          <p className="small text-danger mt-2 mb-0" role="alert">
            {problem}
          </p>
        </Modal.Body>
        <Footer onClose={onClose} submit={t('adminTill.shift.moveSubmit')} busy={formState.isSubmitting} />
      </form>
    </ShiftModal>
  );
}

/** Close the shift with the cash counted; then shows expected, counted and the difference. */
export function CloseShiftDialog({ onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState('');
  const [closed, setClosed] = useState<Shift | null>(null);
  const { register, handleSubmit, setError, formState } = useZodForm(closeShiftBody, {
    defaultValues: { note: '' },
  });
  const { errors } = formState;
  const bdt = (amount: number) => t('adminTill.summary.amount', { amount });
  const submit = handleSubmit(async ({ counted, note }) => {
    try {
      setClosed(await closeShift(counted, note));
    } catch (failure) {
      if (!setServerErrors(failure, setError, ['counted', 'note']))
        setProblem(serverMessage(failure, t('common.somethingWrong')));
    }
  });

  if (closed) {
    const difference = closed.difference ?? 0;
    const finish = () => onDone(closed);
    return (
      <ShiftModal id="shift-closed" title={t('adminTill.shift.closedTitle')} onClose={finish}>
        <Modal.Body>
          <dl className="till-totals shift-result mb-0">
            <dt>{t('adminTill.shift.expected')}</dt>
            <dd data-testid="shift-expected">{bdt(closed.expected)}</dd>
            <dt>{t('adminTill.shift.counted')}</dt>
            <dd data-testid="shift-counted">{bdt(closed.counted ?? 0)}</dd>
            <dt>{t('adminTill.shift.difference')}</dt>
            <dd
              data-testid="shift-difference"
              className={difference < 0 ? 'text-danger' : difference > 0 ? 'text-warning-emphasis' : ''}
            >
              {bdt(difference)}{' '}
              <span className="fw-normal small">
                {t(`adminTill.shift.${difference < 0 ? 'short' : difference > 0 ? 'over' : 'exact'}`)}
              </span>
            </dd>
          </dl>
        </Modal.Body>
        <Modal.Footer>
          {/* The shift's Z report: on the receipt printer (then back to the till), or on A4. */}
          <Link
            className="btn btn-outline-secondary"
            to={`/admin/shift-report/${closed.id}?paper=a4&print=1`}
          >
            {t('adminZReport.a4')}
          </Link>
          <Link className="btn btn-outline-primary" to={`/admin/shift-report/${closed.id}?print=1&then=pos`}>
            {t('adminZReport.print')}
          </Link>
          <button type="button" className="btn btn-primary" onClick={finish} data-autofocus>
            {t('adminTill.shift.done')}
          </button>
        </Modal.Footer>
      </ShiftModal>
    );
  }

  return (
    <ShiftModal id="shift-close" title={t('adminTill.shift.closeTitle')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Body>
          {/* A blind count: what the drawer should hold is shown after the cash is counted. */}
          <p className="mb-3">{t('adminTill.shift.countFirst')}</p>
          <label htmlFor="shift-counted" className="form-label">
            {t('adminTill.shift.countedCash')}
          </label>
          <input
            id="shift-counted"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
            className={`form-control${errors.counted ? ' is-invalid' : ''}`}
            aria-invalid={errors.counted ? true : undefined}
            aria-describedby={describedBy('shift-counted', { error: errors.counted })}
            {...numberInput(register, 'counted')}
          />
          <FieldError id="shift-counted" message={errors.counted?.message} />
          <label htmlFor="shift-note" className="form-label mt-2">
            {t('adminTill.shift.note')}
          </label>
          <input
            id="shift-note"
            type="text"
            autoComplete="off"
            maxLength={500}
            className="form-control"
            {...register('note')}
          />
          <p className="small text-danger mt-2 mb-0" role="alert">
            {problem}
          </p>
        </Modal.Body>
        <Footer onClose={onClose} submit={t('adminTill.shift.closeSubmit')} busy={formState.isSubmitting} />
      </form>
    </ShiftModal>
  );
}
