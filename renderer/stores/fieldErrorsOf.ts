import type { HostText } from '../../shared/text/hostText';
import { hostTextSchema } from '../../shared/text/hostTextSchema';

// Loaded when main first refuses an answer (it checks with a schema; the window's start-up
// builds none).

/** What main said about one field: its English words, and the key when it sent one. */
export interface FieldError {
  message: string;
  text?: HostText;
}

/**
 * Per-field messages main gave with a VALIDATION error: `{fields: {name: message}}` (with
 * `fieldTexts: {name: HostText}` beside it), or the dispatcher's
 * `{issues: [{path: 'response.content.name', message, text}]}`.
 */
export function fieldErrorsOf(data: unknown): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  if (typeof data !== 'object' || data === null) return out;
  const record = data as Record<string, unknown>;
  const texts = isRecord(record.fieldTexts) ? record.fieldTexts : {};
  if (isRecord(record.fields)) {
    for (const [name, message] of Object.entries(record.fields)) {
      if (typeof message === 'string') out[name] = withText(message, texts[name]);
    }
  }
  if (Array.isArray(record.issues)) {
    for (const issue of record.issues as unknown[]) {
      if (!isRecord(issue)) continue;
      const { path, field, message, text } = issue;
      if (typeof message !== 'string') continue;
      const name =
        typeof field === 'string'
          ? field
          : typeof path === 'string'
            ? path.replace(/^(response\.)?content\./, '').split('.')[0]
            : Array.isArray(path)
              ? String(path.at(-1) ?? '')
              : '';
      if (name) out[name] ??= withText(message, text);
    }
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withText(message: string, text: unknown): FieldError {
  const parsed = hostTextSchema.safeParse(text);
  return parsed.success ? { message, text: parsed.data } : { message };
}
