/**
 * Forms generated from a tool's JSON Schema (and a prompt's string arguments): primitives as
 * inputs, objects as groups of fields, arrays as lists of rows, and anything a form cannot
 * say well (unions, maps, `$ref`) as a small JSON box for that property alone, as the
 * Inspector does. Only a schema that is not an object at its top gets the raw JSON editor.
 */

/** The kinds of input a generated form offers. */
export type FieldKind =
  'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'array' | 'object' | 'json';

type Primitive = string | number | boolean;

/** One generated form field, from one property of an object schema (or one array item). */
export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  title?: string;
  description?: string;
  /** For `enum`: the allowed values, in order. */
  options?: Primitive[];
  /** The schema's `default`. */
  defaultValue?: unknown;
  /** For `array`: the field of one item (its name is empty). */
  item?: FormField;
  /** For `object`: its properties. */
  fields?: FormField[];
  /** For `json`: a starting text, shaped as the schema asks. */
  skeleton?: string;
}

/**
 * What the inputs hold: text for text boxes and selects (an enum's index), booleans for
 * checkboxes, a list for an array's rows, and the values of an object's fields.
 */
export type FieldValue = string | boolean | FieldValue[] | { [name: string]: FieldValue };
export type FormValues = Record<string, FieldValue>;

export type FieldError = 'required' | 'notNumber' | 'notInteger' | 'invalidJson';

/** Groups nested deeper than this are a JSON box: a form that deep helps nobody. */
const MAX_DEPTH = 5;
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', '$ref', 'not', 'if'];

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

/** `anyOf: [X, {type: "null"}]` (how many generators say "optional") → X, with the outer words. */
function withoutNull(schema: Record<string, unknown>): Record<string, unknown> {
  for (const key of ['anyOf', 'oneOf']) {
    const options = schema[key];
    if (!Array.isArray(options)) continue;
    const rest = options.filter((o) => !(isRecord(o) && o.type === 'null'));
    if (rest.length !== 1 || rest.length === options.length || !isRecord(rest[0])) continue;
    const { [key]: _union, ...outer } = schema;
    return { ...rest[0], ...outer };
  }
  return schema;
}

function fieldOf(name: string, raw: unknown, required: boolean, depth: number): FormField {
  const schema = isRecord(raw) ? withoutNull(raw) : {};
  const base: FormField = { name, kind: 'json', required };
  if (typeof schema.title === 'string') base.title = schema.title;
  if (typeof schema.description === 'string') base.description = schema.description;
  if (schema.default !== undefined) base.defaultValue = schema.default;
  const json = (): FormField => ({ ...base, kind: 'json', skeleton: skeletonOf(schema) });

  if (Array.isArray(schema.enum)) {
    const options = schema.enum.filter(isPrimitive);
    return options.length > 0 && options.length === schema.enum.length
      ? { ...base, kind: 'enum', options }
      : json();
  }
  if (isPrimitive(schema.const)) return { ...base, kind: 'enum', options: [schema.const] };
  if (COMBINATORS.some((key) => key in schema)) return json();
  const type = singleType(schema.type) ?? (isRecord(schema.properties) ? 'object' : undefined);
  switch (type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { ...base, kind: type };
    case 'object': {
      // A map of any keys (no properties named) is JSON; so is a group nested too deep.
      if (depth >= MAX_DEPTH || !isRecord(schema.properties)) return json();
      const inner = new Set(
        Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [],
      );
      const fields = Object.entries(schema.properties).map(([key, property]) =>
        fieldOf(key, property, inner.has(key), depth + 1),
      );
      return { ...base, kind: 'object', fields };
    }
    case 'array': {
      if (!isRecord(schema.items)) return json();
      const item = fieldOf('', schema.items, true, depth + 1);
      return item.kind === 'json' ? json() : { ...base, kind: 'array', item };
    }
    default:
      return json();
  }
}

/**
 * Form fields for an object schema; null for a schema whose top is not an object (or is a
 * union), which gets the JSON editor only.
 */
export function formFields(schema: Record<string, unknown>): FormField[] | null {
  if (schema.type !== undefined && schema.type !== 'object') return null;
  if (COMBINATORS.some((key) => key in schema)) return null;
  const properties = schema.properties ?? {};
  if (!isRecord(properties)) return null;
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [],
  );
  return Object.entries(properties).map(([name, property]) =>
    fieldOf(name, property, required.has(name), 1),
  );
}

/** The inputs' value for `value` (a default, or what JSON mode held); empty when none. */
export function valueFor(field: FormField, value: unknown = field.defaultValue): FieldValue {
  switch (field.kind) {
    case 'boolean':
      if (field.required) return value === true;
      return typeof value === 'boolean' ? String(value) : '';
    case 'enum': {
      const index = value === undefined ? -1 : (field.options ?? []).indexOf(value as Primitive);
      return index === -1 ? (field.required ? '0' : '') : String(index);
    }
    case 'array': {
      const item = field.item;
      return item && Array.isArray(value) ? value.map((v: unknown) => valueFor(item, v)) : [];
    }
    case 'object': {
      const given = isRecord(value) ? value : {};
      return Object.fromEntries(
        (field.fields ?? []).map((f) => [f.name, valueFor(f, given[f.name] ?? f.defaultValue)]),
      );
    }
    case 'json':
      if (value !== undefined) return JSON.stringify(value, null, 2);
      return field.required ? (field.skeleton ?? '') : '';
    default:
      return isPrimitive(value) ? String(value) : '';
  }
}

/** Starting values: the schema's defaults, otherwise empty. */
export function initialValues(fields: readonly FormField[], given: unknown = {}): FormValues {
  const values = isRecord(given) ? given : {};
  return Object.fromEntries(
    fields.map((field) => [field.name, valueFor(field, values[field.name] ?? field.defaultValue)]),
  );
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

function skeletonOf(schema: Record<string, unknown>): string {
  const value = placeholder(schema);
  return value === null ? '' : JSON.stringify(value, null, 2);
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
