import { createHash } from 'node:crypto';

/** The model API's tool-name rule. */
export const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX = 64;
const SEPARATOR = '__';

/**
 * The model-facing name of `tool` on `server`: `server__tool` when that is exact, otherwise the
 * sanitized form plus a hash of the exact pair. It depends only on the pair, so it is stable
 * across restarts and unaffected by other servers; two pairs can only share a base when both
 * were changed, and then their hash suffixes differ.
 */
export function modelToolName(server: string, tool: string, hashLength = 8): string {
  const cleanServer = sanitize(server);
  const cleanTool = sanitize(tool);
  const plain = `${cleanServer}${SEPARATOR}${cleanTool}`;
  const exact =
    cleanServer === server &&
    cleanTool === tool &&
    !server.includes(SEPARATOR) &&
    server.length > 0 &&
    tool.length > 0 &&
    plain.length <= MAX;
  if (exact) return plain;
  const suffix =
    '_' + createHash('sha256').update(`${server}\0${tool}`).digest('hex').slice(0, hashLength);
  return plain.slice(0, MAX - suffix.length) + suffix;
}

/**
 * Any name in the model API's alphabet: itself when it already fits, otherwise sanitized and
 * cut, with a hash of the exact name so two changed names stay apart.
 */
export function fittedToolName(name: string, hashLength = 8): string {
  if (MODEL_TOOL_NAME.test(name)) return name;
  const suffix = '_' + createHash('sha256').update(name).digest('hex').slice(0, hashLength);
  return sanitize(name).slice(0, MAX - suffix.length) + suffix;
}

function sanitize(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}
