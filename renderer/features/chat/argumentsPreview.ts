/** Characters of the arguments shown on a tool card's one line. */
const PREVIEW_CHARS = 120;

/**
 * A tool call's arguments on one line, for the collapsed card: `text: "hello", n: 3`. Empty
 * when there are none. Long values are cut; the card's details show them whole.
 */
export function argumentsPreview(args: unknown): string {
  if (args === undefined || args === null) return '';
  if (typeof args !== 'object' || Array.isArray(args)) return clip(JSON.stringify(args));
  const entries = Object.entries(args as Record<string, unknown>);
  if (entries.length === 0) return '';
  return clip(entries.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', '));
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line;
}
