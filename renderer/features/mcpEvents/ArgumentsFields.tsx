import { useTranslation } from 'react-i18next';

interface Property {
  type?: unknown;
  enum?: unknown;
  description?: unknown;
}

/** Simple fields an input schema can be filled in with; anything else takes JSON. */
export function simpleProperties(
  schema: Record<string, unknown> | undefined,
): [string, Property][] | undefined {
  const properties = schema?.properties;
  if (properties === undefined) return [];
  if (typeof properties !== 'object' || properties === null) return undefined;
  const entries = Object.entries(properties as Record<string, Property>);
  const simple = entries.every(
    ([, p]) =>
      Array.isArray(p.enum) ||
      p.type === 'string' ||
      p.type === 'number' ||
      p.type === 'integer' ||
      p.type === 'boolean',
  );
  return simple ? entries : undefined;
}

interface Props {
  properties: [string, Property][];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}

/** A form from an event type's input schema: one field per property. */
export function ArgumentsFields({ properties, values, onChange }: Props) {
  const { t } = useTranslation();
  if (properties.length === 0) return null;
  return (
    <fieldset className="event-form__args">
      <legend>{t('mcpEvents.arguments')}</legend>
      {properties.map(([name, p]) => {
        const id = `event-arg-${name}`;
        const set = (value: string) => onChange({ ...values, [name]: value });
        return (
          <label key={name} className="field" htmlFor={id}>
            <span className="field__label">{name}</span>
            {Array.isArray(p.enum) || p.type === 'boolean' ? (
              <select
                className="input select"
                id={id}
                value={values[name] ?? ''}
                onChange={(e) => set(e.target.value)}
              >
                <option value="" />
                {(Array.isArray(p.enum) ? p.enum : [true, false]).map((option) => (
                  <option key={String(option)} value={JSON.stringify(option)}>
                    {String(option)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className="input"
                id={id}
                type={p.type === 'string' ? 'text' : 'number'}
                value={values[name] ?? ''}
                onChange={(e) => set(e.target.value)}
              />
            )}
            {typeof p.description === 'string' && (
              <span className="field__help">{p.description}</span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

/** The arguments object from the fields' values (empty fields left out). */
export function argumentsFrom(
  properties: [string, Property][],
  values: Record<string, string>,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [name, p] of properties) {
    const raw = values[name];
    if (raw === undefined || raw === '') continue;
    if (Array.isArray(p.enum) || p.type === 'boolean') args[name] = JSON.parse(raw) as unknown;
    else if (p.type === 'number' || p.type === 'integer') args[name] = Number(raw);
    else args[name] = raw;
  }
  return args;
}
