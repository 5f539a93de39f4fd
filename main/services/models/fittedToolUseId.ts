import { createHash } from 'node:crypto';

const ID_RULE = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * A tool call id in the alphabet the strictest wire accepts (`^[a-zA-Z0-9_-]+$`, the Messages
 * API's rule). Ids written by other providers (`functions.get_weather:0`) or by a server in a
 * sampling request are mapped deterministically, so a call and its result still pair up.
 */
export function fittedToolUseId(id: string): string {
  if (ID_RULE.test(id)) return id;
  const hash = createHash('sha256').update(id).digest('hex').slice(0, 12);
  return `${id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 100)}_${hash}`;
}
