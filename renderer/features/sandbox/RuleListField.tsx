import { useState } from 'react';

/** One list of sandbox rules as a textarea, one entry per line (blank lines are dropped on save). */
export function RuleListField({
  id,
  label,
  help,
  value,
  placeholder,
  onChange,
}: {
  id: string;
  label: string;
  help?: string;
  value: readonly string[];
  placeholder: string;
  onChange: (value: string[]) => void;
}) {
  // The text as typed: the parsed list would drop the newline being typed.
  const [text, setText] = useState(() => value.join('\n'));
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input textarea code-input"
        spellCheck={false}
        rows={Math.min(6, Math.max(2, value.length + 1))}
        value={text}
        placeholder={placeholder}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.split('\n'));
        }}
        data-testid={id}
      />
      {help && (
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
      )}
    </div>
  );
}
