import type { SlotChoice, SlotDays, SlotOffer } from '@bazar/contracts/delivery';
import { describedBy, FieldError } from '../../components/field-error';
import { useTranslation } from '../../lib/i18n/i18n';
import { clockText } from '../../lib/delivery';
import { formatDay } from '../../lib/shop-time';

interface SlotPickerProps {
  days: SlotDays['days'];
  value: SlotChoice | null;
  onChange: (slot: SlotChoice) => void;
  error?: string | undefined;
}

const ID = 'checkout-slot';

/**
 * Checkout's delivery slots, grouped by day: one radio per slot (arrow keys move between them), a
 * full or closed slot disabled with why. The first day the server lists is today.
 */
export function SlotPicker({ days, value, onChange, error }: SlotPickerProps) {
  const { t, language } = useTranslation();
  const dayTitle = (date: string, i: number) => {
    const day = formatDay(date, language);
    if (i === 0) return t('delivery.slot.today', { day });
    if (i === 1) return t('delivery.slot.tomorrow', { day });
    return day;
  };
  const why = (slot: SlotOffer) =>
    slot.state === 'open'
      ? t('delivery.slot.left', { count: slot.left })
      : slot.state === 'full'
        ? t('delivery.slot.full')
        : t('delivery.slot.closed');
  const anyOpen = days.some((day) => day.slots.some((slot) => slot.state === 'open'));

  return (
    <fieldset
      className="mt-3 mb-0 slot-picker"
      aria-describedby={describedBy(ID, { help: true, error })}
      aria-invalid={error ? true : undefined}
    >
      <legend className="form-label fs-6 mb-1">{t('delivery.slot.legend')}</legend>
      <div id={`${ID}-help`} className="form-text mt-0 mb-2">
        {anyOpen ? t('delivery.slot.help') : t('delivery.slot.noneOpen')}
      </div>
      {days.map((day, i) => (
        <div key={day.date} role="group" aria-labelledby={`${ID}-${day.date}`} className="mb-2">
          <p id={`${ID}-${day.date}`} className="small fw-semibold mb-1">
            {dayTitle(day.date, i)}
          </p>
          <div className="d-flex flex-wrap gap-2">
            {day.slots.map((slot) => {
              const id = `${ID}-${day.date}-${slot.start.replace(':', '')}`;
              const checked = value?.date === day.date && value.start === slot.start;
              return (
                <div key={slot.start} className="slot-option">
                  <input
                    type="radio"
                    className="btn-check"
                    name="delivery-slot"
                    id={id}
                    value={`${day.date} ${slot.start}`}
                    checked={checked}
                    disabled={slot.state !== 'open'}
                    onChange={() => onChange({ date: day.date, start: slot.start })}
                  />
                  <label
                    className={`btn btn-sm ${slot.state === 'open' ? 'btn-outline-primary' : 'btn-outline-secondary'}`}
                    htmlFor={id}
                  >
                    <span className="d-block fw-semibold">
                      {t('delivery.slot.range', {
                        start: clockText(slot.start, language),
                        end: clockText(slot.end, language),
                      })}
                    </span>
                    <span className="d-block small">{why(slot)}</span>
                  </label>
                </div>
              );
            })}
          </div>
        </div>
      ))}
      <FieldError id={ID} message={error} />
    </fieldset>
  );
}
