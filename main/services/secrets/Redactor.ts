import type { SensitiveValue } from './resolveServerReferences';

/** Shorter values are not redacted: replacing every "1" or "abc" would garble the text. */
export const MIN_REDACTED_LENGTH = 4;

/** Enough for every start of a server whose secrets change now and then; oldest dropped first. */
const MAX_VALUES = 256;

/**
 * One server's redactor: the values its `${env:…}` and `${secret:…}` references brought in,
 * each replaced by its reference's text (`${secret:github.TOKEN}`) wherever the host shows or
 * writes something about that server — log lines, stderr, traffic, status, views. Values are
 * also matched as they appear inside JSON strings and URLs. Values of earlier starts stay
 * redacted: lines printed by an earlier process may still be on screen.
 */
export class Redactor {
  private readonly replacements = new Map<string, string>();
  private pattern: RegExp | undefined;

  /** True once there is anything to redact (the cheap check hot paths make first). */
  get active(): boolean {
    return this.pattern !== undefined;
  }

  /** Adds the values of a start. */
  add(values: readonly SensitiveValue[]): void {
    let changed = false;
    for (const { value, reference } of values) {
      if (value.length < MIN_REDACTED_LENGTH) continue;
      for (const form of formsOf(value)) {
        if (this.replacements.get(form) === reference) continue;
        this.replacements.delete(form);
        this.replacements.set(form, reference);
        changed = true;
      }
    }
    if (!changed) return;
    while (this.replacements.size > MAX_VALUES) {
      const oldest = this.replacements.keys().next().value;
      if (oldest === undefined) break;
      this.replacements.delete(oldest);
    }
    // Longest first, so a value that contains another is replaced whole.
    const forms = [...this.replacements.keys()].sort((a, b) => b.length - a.length);
    this.pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g');
  }

  /** `text` with every value replaced by its reference. */
  text(text: string): string {
    if (!this.pattern || text.length < MIN_REDACTED_LENGTH) return text;
    return text.replace(this.pattern, (found) => this.replacements.get(found) ?? found);
  }

  /**
   * A copy of a JSON-like value (status, view, log fields) with every string redacted; errors
   * keep their type, message, stack and own fields. Returned as is when nothing is redacted.
   */
  deep<T>(value: T): T {
    return this.active ? (this.walk(value, 0) as T) : value;
  }

  private walk(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object' || depth > 20) return value;
    if (Array.isArray(value)) return value.map((item) => this.walk(item, depth + 1));
    if (value instanceof Error) return this.error(value, depth);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = this.walk(item, depth + 1);
    return out;
  }

  private error(error: Error, depth: number): Error {
    const copy = new Error(this.text(error.message));
    copy.name = error.name;
    if (error.stack !== undefined) copy.stack = this.text(error.stack);
    for (const [key, item] of Object.entries(error)) {
      (copy as unknown as Record<string, unknown>)[key] = this.walk(item, depth + 1);
    }
    if (error.cause !== undefined) copy.cause = this.walk(error.cause, depth + 1);
    return copy;
  }
}

/**
 * The ways a value shows up in text: as is, inside a JSON string (also one nested in another,
 * as JSON text a server put into a field of its message), percent-encoded.
 */
function formsOf(value: string): string[] {
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  const forms = new Set([value, inJson(value), inJson(inJson(value)), encodeURIComponent(value)]);
  return [...forms].filter((form) => form.length >= MIN_REDACTED_LENGTH);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
