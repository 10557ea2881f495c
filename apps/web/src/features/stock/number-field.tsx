import type { InputHTMLAttributes, Ref } from 'react';

interface NumberFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  label: string;
  help: string;
  inputMode: 'numeric' | 'decimal';
  /** The form's error area speaks about this field. */
  invalid: boolean;
  errorId: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled number input with its help text, marked when the form's error area names it. A text
 * input with the number pad (not `type="number"`), so Bengali digits can be typed too.
 */
export function NumberField({
  id,
  label,
  help,
  invalid,
  errorId,
  className = 'mb-3',
  ...input
}: NumberFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${errorId} ${id}-help` : `${id}-help`}
        {...input}
      />
      <div id={`${id}-help`} className="form-text">
        {help}
      </div>
    </div>
  );
}
