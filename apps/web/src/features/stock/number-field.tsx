interface NumberFieldProps {
  id: string;
  label: string;
  help: string;
  inputMode: 'numeric' | 'decimal';
  step: number;
  min: number;
  value: string;
  onChange: (value: string) => void;
  /** The form's error area speaks about this field. */
  invalid: boolean;
  errorId: string;
  className?: string;
}

/** A labelled number input with its help text, marked when the form's error area names it. */
export function NumberField({
  id,
  label,
  help,
  value,
  onChange,
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
        type="number"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
