import { useTranslation } from 'react-i18next';
import type { FieldError, FormField, FormValues } from './schemaForm';

interface SchemaFieldsProps {
  idPrefix: string;
  fields: readonly FormField[];
  values: FormValues;
  errors: Record<string, FieldError>;
  onChange: (name: string, value: string | boolean) => void;
}

const errorKey = {
  required: 'tools.errorRequired',
  notNumber: 'tools.errorNumber',
  notInteger: 'tools.errorInteger',
} as const;

/** Inputs for the fields of a flat schema; required ones are marked. */
export function SchemaFields({ idPrefix, fields, values, errors, onChange }: SchemaFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="schema-fields">
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const value = values[field.name];
        const error = errors[field.name];
        const helpId = `${id}-help`;
        const label = (
          <>
            {field.title ?? field.name}
            {field.title && <code className="schema-fields__name">{field.name}</code>}
            {field.required && (
              <span className="required" title={t('tools.required')}>
                <span aria-hidden="true"> *</span>
                <span className="sr-only"> ({t('tools.required')})</span>
              </span>
            )}
          </>
        );
        const errorId = `${id}-error`;
        const described =
          [field.description ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') ||
          undefined;
        return (
          <div className="field" key={field.name}>
            {field.kind === 'boolean' && typeof value === 'boolean' ? (
              <label className="check">
                <input
                  id={id}
                  type="checkbox"
                  checked={value}
                  aria-describedby={described}
                  onChange={(e) => onChange(field.name, e.target.checked)}
                />
                <span className="field__label">{label}</span>
              </label>
            ) : (
              <>
                <label htmlFor={id} className="field__label">
                  {label}
                </label>
                {field.kind === 'enum' || field.kind === 'boolean' ? (
                  <select
                    id={id}
                    className="input select"
                    value={String(value ?? '')}
                    aria-describedby={described}
                    aria-invalid={error ? true : undefined}
                    onChange={(e) => onChange(field.name, e.target.value)}
                  >
                    {!field.required && <option value="">{t('tools.unset')}</option>}
                    {field.kind === 'boolean'
                      ? ['true', 'false'].map((v) => (
                          <option key={v} value={v}>
                            {v}
                          </option>
                        ))
                      : (field.options ?? []).map((option, index) => (
                          <option key={index} value={String(index)}>
                            {String(option)}
                          </option>
                        ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    className="input"
                    inputMode={field.kind === 'string' ? undefined : 'decimal'}
                    spellCheck={false}
                    value={String(value ?? '')}
                    aria-required={field.required}
                    aria-describedby={described}
                    aria-invalid={error ? true : undefined}
                    onChange={(e) => onChange(field.name, e.target.value)}
                  />
                )}
              </>
            )}
            {field.description && (
              <p id={helpId} className="field__help">
                {field.description}
              </p>
            )}
            {error && (
              <p id={errorId} className="field__error">
                {t(errorKey[error])}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
