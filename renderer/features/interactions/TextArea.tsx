import { useId } from 'react';

/** Rows for a text: its lines, at least 2 and at most 14 (the box scrolls beyond). */
const rowsFor = (text: string): number => Math.min(14, Math.max(2, text.split('\n').length + 1));

/** An editable block of text that grows with its content, labelled visibly or for readers. */
export function TextArea({
  id,
  value,
  onChange,
  label,
  placeholder,
  testId,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** A screen-reader label when no visible <label> points at `id`. */
  label?: string;
  placeholder?: string;
  testId?: string;
}) {
  const generated = useId();
  return (
    <textarea
      id={id ?? generated}
      className="input textarea sampling__textarea"
      value={value}
      rows={rowsFor(value)}
      aria-label={label}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    />
  );
}
