/** An on/off switch: a checkbox with the switch role, its track and its label. */
export function Switch({
  checked,
  disabled,
  onChange,
  label,
  labelClassName,
  describedBy,
  testId,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
  label: string;
  labelClassName?: string;
  /** Id of the help text under it. */
  describedBy?: string;
  testId?: string;
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span className="switch__track" aria-hidden="true" />
      <span className={`switch__label${labelClassName ? ` ${labelClassName}` : ''}`}>{label}</span>
    </label>
  );
}
