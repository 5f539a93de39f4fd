/** The kinds of input a generated form offers. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum';

type Primitive = string | number | boolean;

/** One generated form field, from one property of a flat object schema. */
export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  title?: string;
  description?: string;
  /** For `enum`: the allowed values, in order. */
  options?: Primitive[];
  defaultValue?: Primitive;
}

/** What the inputs hold: text for text boxes and selects (enum index), booleans for checks. */
export type FormValues = Record<string, string | boolean>;

export type FieldError = 'required' | 'notNumber' | 'notInteger';

export type BuildResult =
  { ok: true; args: Record<string, unknown> } | { ok: false; errors: Record<string, FieldError> };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitive = (v: unknown): v is Primitive =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** `"string"` or `["string", "null"]` → `"string"`; anything wider → undefined. */
function singleType(type: unknown): string | undefined {
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const types = type.filter((t) => t !== 'null');
    return types.length === 1 && typeof types[0] === 'string' ? types[0] : undefined;
  }
  return undefined;
}

function fieldOf(name: string, schema: unknown, required: boolean): FormField | null {
  if (!isRecord(schema)) return null;
  const base: FormField = { name, kind: 'string', required };
  if (typeof schema.title === 'string') base.title = schema.title;
  if (typeof schema.description === 'string') base.description = schema.description;
  if (Array.isArray(schema.enum)) {
    const options = schema.enum.filter(isPrimitive);
    if (options.length === 0 || options.length !== schema.enum.length) return null;
    const field: FormField = { ...base, kind: 'enum', options };
    if (isPrimitive(schema.default)) field.defaultValue = schema.default;
    return field;
  }
  const type = singleType(schema.type);
  if (type !== 'string' && type !== 'number' && type !== 'integer' && type !== 'boolean') {
    return null;
  }
  const field: FormField = { ...base, kind: type };
  if (isPrimitive(schema.default)) field.defaultValue = schema.default;
  return field;
}

/**
 * Form fields for a flat object schema (properties of string, number, integer, boolean or
 * enum type); null for anything a simple form cannot express, which gets the JSON editor.
 */
export function formFields(schema: Record<string, unknown>): FormField[] | null {
  if (schema.type !== undefined && schema.type !== 'object') return null;
  for (const key of ['anyOf', 'oneOf', 'allOf', '$ref', 'not', 'if']) {
    if (key in schema) return null;
  }
  const properties = schema.properties ?? {};
  if (!isRecord(properties)) return null;
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [],
  );
  const fields: FormField[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const field = fieldOf(name, property, required.has(name));
    if (!field) return null;
    fields.push(field);
  }
  return fields;
}

/** Starting values: the schema's defaults, otherwise empty. */
export function initialValues(fields: readonly FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const d = field.defaultValue;
    if (field.kind === 'boolean' && field.required) values[field.name] = d === true;
    else if (field.kind === 'boolean') values[field.name] = d === undefined ? '' : String(d);
    else if (field.kind === 'enum') {
      const index = d === undefined ? -1 : (field.options ?? []).indexOf(d);
      values[field.name] = index === -1 ? (field.required ? '0' : '') : String(index);
    } else values[field.name] = d === undefined ? '' : String(d);
  }
  return values;
}

/** Turns the inputs into tool arguments; empty optional fields are left out. */
export function buildArguments(fields: readonly FormField[], values: FormValues): BuildResult {
  const args: Record<string, unknown> = {};
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (typeof raw === 'boolean') {
      args[field.name] = raw;
      continue;
    }
    const text = raw ?? '';
    if (text === '') {
      if (field.required) errors[field.name] = 'required';
      continue;
    }
    switch (field.kind) {
      case 'string':
        args[field.name] = text;
        break;
      case 'boolean':
        args[field.name] = text === 'true';
        break;
      case 'enum':
        args[field.name] = field.options?.[Number(text)];
        break;
      case 'number':
      case 'integer': {
        const n = Number(text.trim());
        if (text.trim() === '' || !Number.isFinite(n)) errors[field.name] = 'notNumber';
        else if (field.kind === 'integer' && !Number.isInteger(n))
          errors[field.name] = 'notInteger';
        else args[field.name] = n;
        break;
      }
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, args };
}

export type JsonArgumentsResult =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; error: 'invalidJson' | 'notObject'; detail?: string };

/** Arguments typed as JSON: must be an object. */
export function parseJsonArguments(text: string): JsonArgumentsResult {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    return { ok: false, error: 'invalidJson', detail: (error as Error).message };
  }
  return isRecord(value) ? { ok: true, args: value } : { ok: false, error: 'notObject' };
}

/** A starting JSON text for the fallback editor: required properties with placeholders. */
export function jsonSkeleton(schema: Record<string, unknown>): string {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const skeleton: Record<string, unknown> = {};
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const property = properties[name];
    skeleton[name] = isRecord(property) ? placeholder(property) : null;
  }
  return JSON.stringify(skeleton, null, 2);
}

function placeholder(schema: Record<string, unknown>): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0] ?? null;
  switch (singleType(schema.type)) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}
