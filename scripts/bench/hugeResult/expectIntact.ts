import { createHash } from 'node:crypto';

/**
 * Checks a `huge` result of huge-result.mjs: its text block is `bytes` characters long and
 * matches the SHA-256 block the server computed. A wrong answer would make a timing meaningless.
 */
export function expectIntact(result: unknown, bytes: number): void {
  const content = (result as { content?: { text?: unknown }[] } | undefined)?.content;
  const text = content?.[0]?.text;
  const digest = content?.[1]?.text;
  if (typeof text !== 'string' || text.length !== bytes) {
    throw new Error(`huge: expected ${bytes} characters of text`);
  }
  const sha256 = createHash('sha256').update(text).digest('hex');
  if (digest !== `sha256:${sha256}`) throw new Error('huge: the text does not match its SHA-256');
}
