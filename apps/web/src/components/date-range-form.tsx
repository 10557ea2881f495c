import { dateRangeQuery } from '@bazar/contracts/cash';
import { FieldError } from './field-error';
import { useZodForm } from '../lib/forms';
import type { DayRange } from '../lib/shop-time';

interface DateRangeFormProps {
  /** Prefix of the inputs' ids (`${id}-from`, `${id}-to`). */
  id: string;
  labels: { form: string; from: string; to: string; search: string };
  initial?: DayRange;
  onSearch: (range: DayRange) => void;
  /** The form's, each date's and the button's wrapper classes (each screen lays them out its own way). */
  classes: { form: string; field: string; button: string };
  small?: boolean;
}

/**
 * From and to dates and a Search button (analytics, product sale, expenses): two shop days checked
 * by the server's own query schema (real calendar days, or empty for an open end).
 */
export function DateRangeForm({ id, labels, initial, onSearch, classes, small = false }: DateRangeFormProps) {
  const { register, handleSubmit, formState } = useZodForm(dateRangeQuery, {
    defaultValues: initial ?? { from: '', to: '' },
  });
  const { errors } = formState;
  const size = small ? ' form-control-sm' : '';

  const date = (key: 'from' | 'to', label: string) => {
    const error = errors[key]?.message;
    return (
      <div className={classes.field}>
        <label htmlFor={`${id}-${key}`} className={small ? 'form-label small mb-1' : 'form-label'}>
          {label}
        </label>
        <input
          id={`${id}-${key}`}
          type="date"
          className={`form-control${size}${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${key}-error` : undefined}
          {...register(key)}
        />
        <FieldError id={`${id}-${key}`} message={error} />
      </div>
    );
  };

  return (
    <form
      className={classes.form}
      onSubmit={handleSubmit(({ from = '', to = '' }) => onSearch({ from, to }))}
      aria-label={labels.form}
      noValidate
    >
      {date('from', labels.from)}
      {date('to', labels.to)}
      <div className={classes.button}>
        <button type="submit" className={`btn btn-primary${small ? ' btn-sm' : ' w-100'}`}>
          {labels.search}
        </button>
      </div>
    </form>
  );
}
