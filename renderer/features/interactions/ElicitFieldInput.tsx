import { useTranslation } from 'react-i18next';
import type { ElicitField, FormValue } from './elicitationForm';

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

/** The input fitting one generated field; ids derive from `prefix` and the field name. */
export function ElicitFieldInput({
  field,
  value,
  prefix,
  describedBy,
  invalid,
  onChange,
}: {
  field: ElicitField;
  value: FormValue | undefined;
  prefix: string;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: FormValue) => void;
}) {
  const { t } = useTranslation();
  const id = `${prefix}-${field.name}`;
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    'aria-required': field.required || undefined,
    'data-testid': `elicit-${field.name}`,
  };
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'boolean':
      return (
        <input
          {...common}
          type="checkbox"
          className="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case 'select':
      return (
        <select
          {...common}
          className="input select"
          value={text}
          onChange={(e) => onChange(e.target.value)}
        >
          {/* Empty is a choice only until one is made, or always when the field is optional. */}
          {(!field.required || text === '') && (
            <option value="">{t('interactions.form.choose')}</option>
          )}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case 'multi': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <div {...common} role="group" aria-labelledby={`${id}-label`} className="elicit__choices">
          {field.options.map((option) => (
            <label key={option.value} className="elicit__choice">
              <input
                type="checkbox"
                className="checkbox"
                checked={chosen.includes(option.value)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? [...chosen, option.value]
                      : chosen.filter((v) => v !== option.value),
                  )
                }
                data-testid={`elicit-${field.name}-${option.value}`}
              />
              {option.label}
            </label>
          ))}
        </div>
      );
    }
    case 'number':
      return (
        <input
          {...common}
          className="input"
          type="number"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          step={field.integer ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'text':
      return (
        <input
          {...common}
          className="input"
          type={field.format ? INPUT_TYPES[field.format] : 'text'}
          // The person sees the limit; more than the maximum is not typed at all.
          maxLength={field.maxLength}
          autoComplete="off"
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
