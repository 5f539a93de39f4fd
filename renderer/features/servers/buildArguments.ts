import {
  valueFor,
  type FieldError,
  type FieldValue,
  type FormField,
  type FormValues,
} from './schemaForm';

export type BuildResult =
  | { ok: true; args: Record<string, unknown> }
  /** By path: `name`, `group.name`, `list[2]`, `list[2].name`. */
  | { ok: false; errors: Record<string, FieldError> };

/** One input's outcome: a value, nothing typed (left out), or a mistake (its error is kept). */
type Built = { value: unknown } | 'empty' | 'invalid';

const isValues = (v: FieldValue | undefined): v is FormValues =>
  typeof v === 'object' && !Array.isArray(v);

/**
 * Turns the inputs into tool arguments. Empty optional fields, rows and groups are left out; a
 * required one left empty, a number that is not one, and JSON that does not parse are errors.
 */
export function buildArguments(fields: readonly FormField[], values: FormValues): BuildResult {
  const errors: Record<string, FieldError> = {};
  const args = buildGroup(fields, values, '', errors);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, args };
}

function buildGroup(
  fields: readonly FormField[],
  values: FormValues,
  prefix: string,
  errors: Record<string, FieldError>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    const built = buildValue(field, values[field.name], path, errors);
    if (typeof built === 'object') out[field.name] = built.value;
    else if (built === 'empty' && field.required) errors[path] = 'required';
  }
  return out;
}

function buildValue(
  field: FormField,
  raw: FieldValue | undefined,
  path: string,
  errors: Record<string, FieldError>,
): Built {
  if (typeof raw === 'boolean') return { value: raw };
  switch (field.kind) {
    case 'array': {
      const item = field.item;
      if (!item || !Array.isArray(raw)) return field.required ? { value: [] } : 'empty';
      const built = raw.map((v, index) => buildValue(item, v, `${path}[${index}]`, errors));
      if (built.includes('invalid')) return 'invalid';
      const items = built.flatMap((b) => (typeof b === 'object' ? [b.value] : []));
      // A required list may be empty; an optional one with nothing in it is left out.
      return items.length > 0 || field.required ? { value: items } : 'empty';
    }
    case 'object': {
      const values = isValues(raw) ? raw : {};
      // An optional group nobody touched is left out (the server applies its own defaults).
      if (!field.required && untouched(field, values)) return 'empty';
      const before = Object.keys(errors).length;
      const value = buildGroup(field.fields ?? [], values, path, errors);
      return Object.keys(errors).length > before ? 'invalid' : { value };
    }
    default:
      break;
  }
  const text = typeof raw === 'string' ? raw : '';
  if (text.trim() === '' && field.kind !== 'string') return 'empty';
  if (text === '') return 'empty';
  switch (field.kind) {
    case 'boolean':
      return { value: text === 'true' };
    case 'enum':
      return { value: field.options?.[Number(text)] };
    case 'number':
    case 'integer': {
      const n = Number(text.trim());
      const error = !Number.isFinite(n)
        ? 'notNumber'
        : field.kind === 'integer' && !Number.isInteger(n)
          ? 'notInteger'
          : undefined;
      if (!error) return { value: n };
      errors[path] = error;
      return 'invalid';
    }
    case 'json':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        errors[path] = 'invalidJson';
        return 'invalid';
      }
    default:
      return { value: text };
  }
}

/** A group still as it started: its defaults, or nothing. */
function untouched(field: FormField, values: FormValues): boolean {
  return JSON.stringify(values) === JSON.stringify(valueFor(field));
}
