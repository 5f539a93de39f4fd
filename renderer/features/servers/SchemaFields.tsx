import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  valueFor,
  type FieldError,
  type FieldValue,
  type FormField,
  type FormValues,
} from './schemaForm';

interface SchemaFieldsProps {
  idPrefix: string;
  fields: readonly FormField[];
  values: FormValues;
  /** By path (`name`, `group.name`, `list[2]`), as `buildArguments` reports them. */
  errors: Record<string, FieldError>;
  onChange: (name: string, value: FieldValue) => void;
}

const errorKey = {
  required: 'tools.errorRequired',
  notNumber: 'tools.errorNumber',
  notInteger: 'tools.errorInteger',
  invalidJson: 'toolForm.errorJson',
} as const;

/** Inputs for the fields of a schema: groups for objects, rows for arrays; required ones marked. */
export function SchemaFields({ idPrefix, fields, values, errors, onChange }: SchemaFieldsProps) {
  return (
    <div className="schema-fields">
      {fields.map((field) => (
        <SchemaField
          key={field.name}
          field={field}
          path={field.name}
          idPrefix={idPrefix}
          value={values[field.name]}
          errors={errors}
          onChange={(value) => onChange(field.name, value)}
        />
      ))}
    </div>
  );
}

interface SchemaFieldProps {
  field: FormField;
  path: string;
  idPrefix: string;
  value: FieldValue | undefined;
  errors: Record<string, FieldError>;
  onChange: (value: FieldValue) => void;
  /** An array's row: named by its list and position, with a Remove button. */
  row?: { label: string; onRemove: () => void };
}

function SchemaField({ field, path, idPrefix, value, errors, onChange, row }: SchemaFieldProps) {
  const { t } = useTranslation();
  const id = `${idPrefix}-${path.replace(/[^\w-]/g, '-')}`;
  const error = errors[path];
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const described =
    [field.description ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const label = row ? (
    <>{row.label}</>
  ) : (
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
  const remove = row && (
    <button
      type="button"
      className="icon-button schema-fields__remove"
      aria-label={t('toolForm.removeItem', { item: row.label })}
      title={t('toolForm.removeItem', { item: row.label })}
      onClick={row.onRemove}
    >
      <X aria-hidden />
    </button>
  );
  const notes = (
    <>
      {field.description && !row && (
        <p id={helpId} className="field__help">
          {field.description}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {t(errorKey[error])}
        </p>
      )}
    </>
  );

  if (field.kind === 'object' || field.kind === 'array') {
    return (
      <fieldset className="schema-fields__group" aria-describedby={described} data-path={path}>
        <legend className="field__label schema-fields__legend">
          {label}
          {remove}
        </legend>
        {notes}
        {field.kind === 'object' ? (
          <GroupFields
            field={field}
            path={path}
            idPrefix={idPrefix}
            value={value}
            errors={errors}
            onChange={onChange}
          />
        ) : (
          <ListRows
            field={field}
            path={path}
            idPrefix={idPrefix}
            value={value}
            errors={errors}
            onChange={onChange}
          />
        )}
      </fieldset>
    );
  }

  const input = (
    <PrimitiveInput
      field={field}
      id={id}
      value={value}
      invalid={Boolean(error)}
      described={described}
      onChange={onChange}
    />
  );
  if (field.kind === 'boolean' && typeof value === 'boolean') {
    return (
      <div className="field">
        <label className="check">
          {input}
          <span className="field__label">{label}</span>
        </label>
        {notes}
      </div>
    );
  }
  return (
    <div className={`field${row ? ' schema-fields__row' : ''}`}>
      <label htmlFor={id} className={row ? 'sr-only' : 'field__label'}>
        {label}
        {field.kind === 'json' && !row && (
          <span className="schema-fields__kind"> · {t('toolForm.json')}</span>
        )}
      </label>
      <div className={row ? 'schema-fields__row-input' : undefined}>
        {input}
        {remove}
      </div>
      {notes}
    </div>
  );
}

function GroupFields({
  field,
  path,
  idPrefix,
  value,
  errors,
  onChange,
}: Omit<SchemaFieldProps, 'row'>) {
  const values = typeof value === 'object' && !Array.isArray(value) ? value : {};
  return (
    <>
      {(field.fields ?? []).map((inner) => (
        <SchemaField
          key={inner.name}
          field={inner}
          path={`${path}.${inner.name}`}
          idPrefix={idPrefix}
          value={values[inner.name]}
          errors={errors}
          onChange={(next) => onChange({ ...values, [inner.name]: next })}
        />
      ))}
    </>
  );
}

function ListRows({
  field,
  path,
  idPrefix,
  value,
  errors,
  onChange,
}: Omit<SchemaFieldProps, 'row'>) {
  const { t } = useTranslation();
  const rows = Array.isArray(value) ? value : [];
  const item = field.item;
  if (!item) return null;
  const name = field.title ?? field.name;
  return (
    <>
      {rows.map((rowValue, index) => (
        <SchemaField
          // Rows have no identity of their own: their position is what the server sees.
          key={index}
          field={item}
          path={`${path}[${index}]`}
          idPrefix={idPrefix}
          value={rowValue}
          errors={errors}
          onChange={(next) => onChange(rows.map((v, i) => (i === index ? next : v)))}
          row={{
            label: t('toolForm.item', { name, index: index + 1 }),
            onRemove: () => onChange(rows.filter((_, i) => i !== index)),
          }}
        />
      ))}
      <div>
        <button
          type="button"
          className="button button--small"
          onClick={() => onChange([...rows, valueFor(item)])}
          data-testid={`add-item-${path}`}
        >
          <Plus aria-hidden /> {t('toolForm.addItem', { name })}
        </button>
      </div>
    </>
  );
}

function PrimitiveInput({
  field,
  id,
  value,
  invalid,
  described,
  onChange,
}: {
  field: FormField;
  id: string;
  value: FieldValue | undefined;
  invalid: boolean;
  described: string | undefined;
  onChange: (value: FieldValue) => void;
}) {
  const { t } = useTranslation();
  if (field.kind === 'boolean' && typeof value === 'boolean') {
    return (
      <input
        id={id}
        type="checkbox"
        checked={value}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (field.kind === 'enum' || field.kind === 'boolean') {
    return (
      <select
        id={id}
        className="input select"
        value={text}
        aria-describedby={described}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
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
    );
  }
  if (field.kind === 'json') {
    return (
      <textarea
        id={id}
        className="input textarea code-input schema-fields__json"
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        spellCheck={false}
        value={text}
        aria-describedby={described}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <input
      id={id}
      className="input"
      inputMode={field.kind === 'string' ? undefined : 'decimal'}
      spellCheck={false}
      value={text}
      aria-required={field.required}
      aria-describedby={described}
      aria-invalid={invalid ? true : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
