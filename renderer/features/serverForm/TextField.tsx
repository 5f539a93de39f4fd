import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  help?: string;
  testId?: string;
}

/** A labelled one-line input in code type (commands, URLs, ids), with optional help below. */
export function TextField({
  id,
  label,
  value,
  onChange,
  help,
  testId,
  className,
  ...rest
}: TextFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`input code-input${className ? ` ${className}` : ''}`}
        spellCheck={false}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        {...rest}
      />
      {help && <p className="field__help">{help}</p>}
    </div>
  );
}
