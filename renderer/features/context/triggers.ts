/**
 * What the person is typing that should open a menu: `@query` at the start of a word opens
 * the resource picker, `/query` at the very start of the composer opens the prompt menu.
 * `start`..`end` is the text the pick replaces (the trigger character and the query).
 */
export type ComposerTrigger =
  | { kind: 'resource'; query: string; start: number; end: number }
  | { kind: 'prompt'; query: string; start: number; end: number };

/** Longest query a trigger keeps reading back over (a pasted paragraph is not a query). */
const MAX_QUERY = 200;

/**
 * The trigger the caret is in, or null. Only the text before the caret counts, so typing
 * after a finished `@word ` or moving the caret away closes the menu.
 */
export function detectTrigger(text: string, caret: number): ComposerTrigger | null {
  const before = text.slice(0, caret);
  // A slash command: `/` first in the composer and no whitespace yet.
  if (before.startsWith('/')) {
    const query = before.slice(1);
    if (!/\s/.test(query) && query.length <= MAX_QUERY) {
      return { kind: 'prompt', query, start: 0, end: caret };
    }
  }
  for (let i = before.length - 1; i >= 0 && before.length - i <= MAX_QUERY + 1; i--) {
    const ch = before[i] ?? '';
    if (/\s/.test(ch)) return null;
    if (ch === '@') {
      // At a word start only: "me@example.com" is an address, not a mention.
      const previous = i === 0 ? '' : (before[i - 1] ?? '');
      if (previous !== '' && !/\s/.test(previous)) return null;
      return { kind: 'resource', query: before.slice(i + 1), start: i, end: caret };
    }
  }
  return null;
}

/** The text with a trigger's characters removed, and where the caret goes. */
export function removeTrigger(
  text: string,
  trigger: Pick<ComposerTrigger, 'start' | 'end'>,
): { text: string; caret: number } {
  return { text: text.slice(0, trigger.start) + text.slice(trigger.end), caret: trigger.start };
}

/** Two triggers are the same menu session when they start at the same place. */
export function sameTrigger(a: ComposerTrigger | null, b: ComposerTrigger | null): boolean {
  return a !== null && b !== null && a.kind === b.kind && a.start === b.start;
}
