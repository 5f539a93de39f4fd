import type { ElicitationValue } from '../../../shared/domain/interactions';

/** String formats the elicitation spec allows, each with a fitting input. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

/** A choice of a select or a multi-select: the value sent and the label shown. */
export interface FieldOption {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  /** The schema's title, else the property name. */
  label: string;
  description?: string;
  required: boolean;
}

/** One generated form field, from one property of the requested (flat) schema. */
export type ElicitField =
  | (FieldBase & {
      kind: 'text';
      format?: StringFormat;
      minLength?: number;
      maxLength?: number;
      defaultValue?: string;
    })
  | (FieldBase & {
      kind: 'number';
      integer: boolean;
      minimum?: number;
      maximum?: number;
      defaultValue?: number;
    })
  | (FieldBase & { kind: 'boolean'; defaultValue?: boolean })
  | (FieldBase & { kind: 'select'; options: FieldOption[]; defaultValue?: string })
  | (FieldBase & {
      kind: 'multi';
      options: FieldOption[];
      minItems?: number;
      maxItems?: number;
      defaultValue?: string[];
    });

/** The generated form: its fields, and the properties no field can express (shown, not sent). */
export interface ElicitForm {
  fields: ElicitField[];
  unsupported: string[];
}

/** What the inputs hold: text for text boxes, numbers and selects; booleans; arrays of values. */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

/** Why a field's value cannot be sent, with the limit it broke (for the message). */
export type FieldIssue =
  | { code: 'required' | 'email' | 'uri' | 'date' | 'dateTime' | 'notNumber' | 'notInteger' }
  | { code: 'notOption' }
  | {
      code: 'tooShort' | 'tooLong' | 'tooSmall' | 'tooLarge' | 'tooFew' | 'tooMany';
      limit: number;
    };

export type ContentResult =
  | { ok: true; content: Record<string, ElicitationValue> }
  | { ok: false; errors: Record<string, FieldIssue> };

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
const nonNegativeInt = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** `{const,title}` entries (titled enums): options, or undefined when any entry is not one. */
function titledOptions(entries: unknown): FieldOption[] | undefined {
  if (!Array.isArray(entries) || entries.length === 0) return undefined;
  const options: FieldOption[] = [];
  for (const entry of entries) {
    if (!isRecord(entry) || typeof entry.const !== 'string') return undefined;
    options.push({ value: entry.const, label: str(entry.title) ?? entry.const });
  }
  return options;
}

/** Plain `enum`, with the legacy `enumNames` as labels when they line up. */
function enumOptions(schema: Json): FieldOption[] | undefined {
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) return undefined;
  if (!schema.enum.every((v) => typeof v === 'string')) return undefined;
  const values = schema.enum;
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  const named = names.length === values.length && names.every((n) => typeof n === 'string');
  return values.map((value, i) => ({ value, label: named ? (names[i] as string) : value }));
}

function optionsOf(schema: Json): FieldOption[] | undefined {
  return enumOptions(schema) ?? titledOptions(schema.oneOf) ?? titledOptions(schema.anyOf);
}

function fieldOf(name: string, schema: unknown, required: boolean): ElicitField | null {
  if (!isRecord(schema)) return null;
  const base: FieldBase = { name, label: str(schema.title) ?? name, required };
  const description = str(schema.description);
  if (description) base.description = description;
  const type = schema.type;
  const options = type === 'array' ? undefined : optionsOf(schema);
  if (options && (type === undefined || type === 'string')) {
    const field: ElicitField = { ...base, kind: 'select', options };
    const d = str(schema.default);
    if (d !== undefined && options.some((o) => o.value === d)) field.defaultValue = d;
    return field;
  }
  switch (type) {
    case 'string': {
      const field: ElicitField = { ...base, kind: 'text' };
      const format = schema.format;
      if (format === 'email' || format === 'uri' || format === 'date' || format === 'date-time')
        field.format = format;
      const minLength = nonNegativeInt(schema.minLength);
      const maxLength = nonNegativeInt(schema.maxLength);
      if (minLength !== undefined) field.minLength = minLength;
      if (maxLength !== undefined) field.maxLength = maxLength;
      const d = str(schema.default);
      if (d !== undefined) field.defaultValue = d;
      return field;
    }
    case 'number':
    case 'integer': {
      const field: ElicitField = { ...base, kind: 'number', integer: type === 'integer' };
      const minimum = num(schema.minimum);
      const maximum = num(schema.maximum);
      if (minimum !== undefined) field.minimum = minimum;
      if (maximum !== undefined) field.maximum = maximum;
      const d = num(schema.default);
      if (d !== undefined) field.defaultValue = d;
      return field;
    }
    case 'boolean': {
      const field: ElicitField = { ...base, kind: 'boolean' };
      if (typeof schema.default === 'boolean') field.defaultValue = schema.default;
      return field;
    }
    case 'array': {
      const items = isRecord(schema.items) ? optionsOf(schema.items) : undefined;
      if (!items) return null;
      const field: ElicitField = { ...base, kind: 'multi', options: items };
      const minItems = nonNegativeInt(schema.minItems);
      const maxItems = nonNegativeInt(schema.maxItems);
      if (minItems !== undefined) field.minItems = minItems;
      if (maxItems !== undefined) field.maxItems = maxItems;
      if (Array.isArray(schema.default)) {
        const allowed = new Set(items.map((o) => o.value));
        field.defaultValue = schema.default.filter(
          (v): v is string => typeof v === 'string' && allowed.has(v),
        );
      }
      return field;
    }
    default:
      return null;
  }
}

/** The form for a requested schema: one field per property the spec allows, in order. */
export function elicitationForm(schema: Record<string, unknown>): ElicitForm {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [],
  );
  const fields: ElicitField[] = [];
  const unsupported: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const field = fieldOf(name, property, required.has(name));
    if (field) fields.push(field);
    else unsupported.push(name);
  }
  return { fields, unsupported };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** An RFC 3339 date-time as a `datetime-local` input value (local time), or '' if unreadable. */
export function toLocalInput(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Starting values: the schema's defaults, otherwise empty (unchecked for booleans). */
export function initialValues(fields: readonly ElicitField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    switch (field.kind) {
      case 'boolean':
        values[field.name] = field.defaultValue ?? false;
        break;
      case 'multi':
        values[field.name] = field.defaultValue ?? [];
        break;
      case 'number':
        values[field.name] = field.defaultValue === undefined ? '' : String(field.defaultValue);
        break;
      case 'text':
        values[field.name] =
          field.defaultValue === undefined
            ? ''
            : field.format === 'date-time'
              ? toLocalInput(field.defaultValue)
              : field.defaultValue;
        break;
      case 'select':
        values[field.name] = field.defaultValue ?? '';
        break;
    }
  }
  return values;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function validUri(text: string): boolean {
  // An absolute URI: a scheme, then something.
  return /^[a-z][a-z0-9+.-]*:\S+$/i.test(text) && URL.canParse(text);
}

type FieldOutcome = { value?: ElicitationValue } | { issue: FieldIssue };

function textValue(field: Extract<ElicitField, { kind: 'text' }>, text: string): FieldOutcome {
  // JSON Schema counts code points: a surrogate pair is one character.
  const length = text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
  if (field.minLength !== undefined && length < field.minLength)
    return { issue: { code: 'tooShort', limit: field.minLength } };
  if (field.maxLength !== undefined && length > field.maxLength)
    return { issue: { code: 'tooLong', limit: field.maxLength } };
  switch (field.format) {
    case 'email':
      return EMAIL.test(text) ? { value: text } : { issue: { code: 'email' } };
    case 'uri':
      return validUri(text) ? { value: text } : { issue: { code: 'uri' } };
    case 'date':
      return validDate(text) ? { value: text } : { issue: { code: 'date' } };
    case 'date-time': {
      // The input gives local time without an offset; the schema wants RFC 3339.
      const date = new Date(text);
      return Number.isNaN(date.getTime())
        ? { issue: { code: 'dateTime' } }
        : { value: date.toISOString() };
    }
    default:
      return { value: text };
  }
}

function numberValue(field: Extract<ElicitField, { kind: 'number' }>, text: string): FieldOutcome {
  const n = Number(text.trim());
  if (!Number.isFinite(n)) return { issue: { code: 'notNumber' } };
  if (field.integer && !Number.isInteger(n)) return { issue: { code: 'notInteger' } };
  if (field.minimum !== undefined && n < field.minimum)
    return { issue: { code: 'tooSmall', limit: field.minimum } };
  if (field.maximum !== undefined && n > field.maximum)
    return { issue: { code: 'tooLarge', limit: field.maximum } };
  return { value: n };
}

function fieldValue(field: ElicitField, raw: FormValue | undefined): FieldOutcome {
  if (field.kind === 'boolean') return { value: raw === true };
  if (field.kind === 'multi') {
    const chosen = Array.isArray(raw) ? raw : [];
    // Sent in the schema's order, whatever order they were ticked in.
    const picked = field.options.map((o) => o.value).filter((v) => chosen.includes(v));
    if (picked.length === 0 && !field.required) return {};
    if (picked.length === 0) return { issue: { code: 'required' } };
    if (field.minItems !== undefined && picked.length < field.minItems)
      return { issue: { code: 'tooFew', limit: field.minItems } };
    if (field.maxItems !== undefined && picked.length > field.maxItems)
      return { issue: { code: 'tooMany', limit: field.maxItems } };
    return { value: picked };
  }
  const text = typeof raw === 'string' ? raw : '';
  if (text.trim() === '') return field.required ? { issue: { code: 'required' } } : {};
  switch (field.kind) {
    case 'text':
      return textValue(field, text);
    case 'number':
      return numberValue(field, text);
    case 'select':
      return field.options.some((o) => o.value === text)
        ? { value: text }
        : { issue: { code: 'notOption' } };
  }
}

/** Checks one field (for messages while typing); undefined when it is fine. */
export function fieldIssue(field: ElicitField, raw: FormValue | undefined): FieldIssue | undefined {
  const outcome = fieldValue(field, raw);
  return 'issue' in outcome ? outcome.issue : undefined;
}

/**
 * The content to send, typed as the schema says (numbers as numbers, booleans, arrays);
 * empty optional fields are left out. Or every field's problem.
 */
export function buildContent(fields: readonly ElicitField[], values: FormValues): ContentResult {
  const content: Record<string, ElicitationValue> = {};
  const errors: Record<string, FieldIssue> = {};
  for (const field of fields) {
    const outcome = fieldValue(field, values[field.name]);
    if ('issue' in outcome) errors[field.name] = outcome.issue;
    else if (outcome.value !== undefined) content[field.name] = outcome.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}
