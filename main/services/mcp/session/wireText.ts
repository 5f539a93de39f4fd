/**
 * The text a message had on the wire, kept beside the parsed (or about to be written) message
 * for the Traffic tab: its preview is then that text as it is, not a second serialization of
 * the message (two walks of every message a server exchanges). Only texts a preview shows
 * whole are kept, and only as long as the message itself is alive.
 */
const texts = new WeakMap<object, string>();

/** Longest JSON shown per message in the Traffic tab; longer ones are cut. */
export const TRAFFIC_PREVIEW_CHARS = 8 * 1024;

/** Notes `text` (one JSON-RPC line, its newline left out or not) as how `message` travelled. */
export function rememberWireText(message: object, text: string): void {
  const line = text.endsWith('\n') ? text.slice(0, -1) : text;
  if (line.length <= TRAFFIC_PREVIEW_CHARS) texts.set(message, line);
}

/** The text `message` travelled as, when it was short enough to be kept. */
export function wireTextOf(message: unknown): string | undefined {
  return typeof message === 'object' && message !== null ? texts.get(message) : undefined;
}
