/** Characters of one log record from an App kept in the server's log. */
const MAX_LOG_CHARS = 4000;

/**
 * What the model reads of an App's context update: its text blocks, a note for any other
 * block (the host declared text and structured content only), and the structured content as
 * JSON.
 */
export function contextText(
  content: readonly Record<string, unknown>[] | undefined,
  structuredContent: Record<string, unknown> | undefined,
): string {
  const parts: string[] = [];
  for (const block of content ?? []) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else
      parts.push(`[${typeof block.type === 'string' ? block.type : 'unknown'} content left out]`);
  }
  if (structuredContent !== undefined) parts.push(JSON.stringify(structuredContent, null, 2));
  return parts.join('\n\n');
}

/** A log record's data as one bounded line of text. */
export function describeData(data: unknown): string {
  let text: string;
  if (typeof data === 'string') text = data;
  else {
    try {
      // undefined for a function or a bare `undefined`.
      const json = JSON.stringify(data) as unknown;
      text = typeof json === 'string' ? json : String(data);
    } catch {
      text = String(data);
    }
  }
  return text.length > MAX_LOG_CHARS ? `${text.slice(0, MAX_LOG_CHARS)}…` : text;
}
