import type { InputHTMLAttributes, Ref } from 'react';
import { describedBy, FieldError } from './field-error';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  /** Marked without a message of its own (the form's error area speaks about it). */
  invalid?: boolean;
  help?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled Bootstrap input with its help text and the field's error message under it. */
export function TextField({ id, label, error, invalid = false, help, className, ...input }: TextFieldProps) {
  const bad = Boolean(error) || invalid;
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${bad ? ' is-invalid' : ''}`}
        aria-invalid={bad ? true : undefined}
        aria-describedby={describedBy(id, { help, error })}
        {...input}
      />
      <FieldError id={id} message={error} />
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}
