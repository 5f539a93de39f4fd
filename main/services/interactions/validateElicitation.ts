import type { ElicitationValue } from '../../../shared/domain/interactions';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

/** Field name → what is wrong with it, in words a person can act on. Empty when valid. */
export type FieldErrors = Record<string, string>;
/** The same as messages the window shows in its language. */
export type FieldErrorTexts = Record<string, HostText>;

type Schema = Record<string, unknown>;

/**
 * Checks a form answer against the flat schema a server requested (MCP elicitation: strings
 * with formats and lengths, numbers and integers with bounds, booleans, single-select enums in
 * all three spellings, multi-select arrays). Nothing is coerced: `"3"` is not a number.
 *
 * Not ajv: the schema comes from the server, and ajv treats schemas as trusted code (it compiles
 * each into a function; deep or crafted schemas overflow the stack or take long to compile).
 * This reads only the keywords the elicitation subset allows and ignores the rest.
 */
export function validateElicitation(
  requestedSchema: Schema,
  content: Record<string, ElicitationValue>,
): FieldErrors {
  return Object.fromEntries(
    Object.entries(elicitationProblems(requestedSchema, content)).map(([name, text]) => [
      name,
      formatHostText(text),
    ]),
  );
}

/** {@link validateElicitation}'s findings as messages (keys of the locale files). */
export function elicitationProblems(
  requestedSchema: Schema,
  content: Record<string, ElicitationValue>,
): FieldErrorTexts {
  const errors: FieldErrorTexts = {};
  const properties = propertiesOf(requestedSchema);
  const required = Array.isArray(requestedSchema.required)
    ? requestedSchema.required.filter((r): r is string => typeof r === 'string')
    : [];
  for (const name of Object.keys(content)) {
    if (!Object.hasOwn(properties, name)) errors[name] = hostText('elicit.noSuchField');
  }
  for (const [name, field] of Object.entries(properties)) {
    const value = content[name];
    if (value === undefined || value === '') {
      if (required.includes(name)) errors[name] = hostText('validation.required');
      continue;
    }
    const problem = checkField(field, value);
    if (problem) errors[name] = problem;
  }
  return errors;
}

/** The schema's defaults, overlaid with the given answers (for unattended runs). */
export function withDefaults(
  requestedSchema: Schema,
  answers: Record<string, ElicitationValue>,
): Record<string, ElicitationValue> {
  const content: Record<string, ElicitationValue> = {};
  for (const [name, field] of Object.entries(propertiesOf(requestedSchema))) {
    const fallback = field.default;
    if (isValue(fallback)) content[name] = fallback;
  }
  return { ...content, ...answers };
}

function propertiesOf(schema: Schema): Record<string, Schema> {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return {};
  const out: Record<string, Schema> = {};
  for (const [name, field] of Object.entries(properties as Record<string, unknown>)) {
    if (typeof field === 'object' && field !== null) out[name] = field as Schema;
  }
  return out;
}

function checkField(field: Schema, value: ElicitationValue): HostText | undefined {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? checkString(field, value) : hostText('elicit.text');
    case 'number':
    case 'integer':
      return typeof value === 'number' ? checkNumber(field, value) : hostText('elicit.number');
    case 'boolean':
      return typeof value === 'boolean' ? undefined : hostText('elicit.boolean');
    case 'array':
      return Array.isArray(value) ? checkArray(field, value) : hostText('elicit.list');
    default:
      return hostText('elicit.unknownType', { type: String(field.type) });
  }
}

function checkString(field: Schema, value: string): HostText | undefined {
  const choices = singleChoices(field);
  if (choices && !choices.includes(value)) return hostText('elicit.choose');
  const min = numberOf(field.minLength);
  const max = numberOf(field.maxLength);
  const length = codePoints(value);
  if (min !== undefined && length < min) return hostText('validation.tooShort', { minimum: min });
  if (max !== undefined && length > max) return hostText('validation.tooLong', { maximum: max });
  switch (field.format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? undefined : hostText('elicit.email');
    case 'uri':
      return isUri(value) ? undefined : hostText('elicit.uri');
    case 'date':
      return isDate(value) ? undefined : hostText('elicit.date');
    case 'date-time':
      return isDateTime(value) ? undefined : hostText('elicit.dateTime');
    default:
      return undefined;
  }
}

function checkNumber(field: Schema, value: number): HostText | undefined {
  if (!Number.isFinite(value)) return hostText('elicit.finite');
  if (field.type === 'integer' && !Number.isInteger(value)) return hostText('elicit.integer');
  const min = numberOf(field.minimum);
  const max = numberOf(field.maximum);
  if (min !== undefined && value < min) return hostText('validation.tooSmall', { minimum: min });
  if (max !== undefined && value > max) return hostText('validation.tooBig', { maximum: max });
  return undefined;
}

function checkArray(field: Schema, value: string[]): HostText | undefined {
  const items =
    typeof field.items === 'object' && field.items !== null ? (field.items as Schema) : {};
  const choices = multiChoices(items);
  if (choices && value.some((v) => !choices.includes(v))) return hostText('elicit.chooseMany');
  if (new Set(value).size !== value.length) return hostText('elicit.once');
  const min = numberOf(field.minItems);
  const max = numberOf(field.maxItems);
  if (min !== undefined && value.length < min) return hostText('elicit.atLeast', { minimum: min });
  if (max !== undefined && value.length > max) return hostText('elicit.atMost', { maximum: max });
  return undefined;
}

/** `enum` (plain or with legacy `enumNames`) or titled `oneOf` of `{const, title}`. */
function singleChoices(field: Schema): string[] | undefined {
  if (Array.isArray(field.enum))
    return field.enum.filter((v): v is string => typeof v === 'string');
  return constsOf(field.oneOf) ?? constsOf(field.anyOf);
}

function multiChoices(items: Schema): string[] | undefined {
  if (Array.isArray(items.enum))
    return items.enum.filter((v): v is string => typeof v === 'string');
  return constsOf(items.anyOf) ?? constsOf(items.oneOf);
}

function constsOf(list: unknown): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.flatMap((entry) => {
    const value = (entry as { const?: unknown } | null)?.const;
    return typeof value === 'string' ? [value] : [];
  });
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isValue(value: unknown): value is ElicitationValue {
  return (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (Array.isArray(value) && value.every((v) => typeof v === 'string'))
  );
}

function isUri(value: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function isDateTime(value: string): boolean {
  const match =
    /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2})(:(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/.exec(value);
  if (!match?.[1] || !isDate(match[1])) return false;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[5] ?? 0)];
  return hours < 24 && minutes < 60 && seconds < 61;
}

/** JSON Schema lengths count code points, not UTF-16 units. */
function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}
