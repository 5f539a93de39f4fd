import { measureJson } from '../../../../shared/ipc/measureJson';

/** Deepest nesting shown; deeper values are shown as `null`. */
const MAX_DEPTH = 64;

/**
 * Serializes `value` as JSON up to `limit` characters and measures its full UTF-8 size, without
 * building the full text of a large value: a 20 MB tool result costs a walk, not a copy. A value
 * that fits (most messages) is serialized natively in one call. Sizes of long strings ignore
 * escape characters, so `bytes` is exact for ordinary messages and a close lower bound for huge
 * ones.
 */
export function previewJson(
  value: unknown,
  limit: number,
): { preview: string; bytes: number; truncated: boolean } {
  // The estimate never falls below the JSON's length, so "fits" is decided without serializing.
  if (measureJson(value, { maxDepth: MAX_DEPTH, maxChars: limit }).ok) {
    const text = nativeJson(value);
    if (text !== undefined && text.length <= limit) {
      return { preview: text, bytes: Buffer.byteLength(text), truncated: false };
    }
  }
  return walkPreview(value, limit);
}

/** JSON.stringify, or undefined for what it cannot serialize (a BigInt) or yields nothing for. */
function nativeJson(value: unknown): string | undefined {
  try {
    const text: string | undefined = JSON.stringify(value);
    return text;
  } catch {
    return undefined;
  }
}

function walkPreview(
  value: unknown,
  limit: number,
): { preview: string; bytes: number; truncated: boolean } {
  const parts: string[] = [];
  let length = 0;
  let bytes = 0;
  const emit = (text: string, size = Buffer.byteLength(text)): void => {
    bytes += size;
    if (length >= limit) return;
    const room = limit - length;
    const piece = text.length > room ? text.slice(0, room) : text;
    parts.push(piece);
    length += piece.length;
  };
  const walk = (node: unknown, depth: number): void => {
    if (node === null || typeof node === 'boolean' || typeof node === 'number') {
      emit(Number.isFinite(node) || typeof node !== 'number' ? String(node) : 'null');
      return;
    }
    if (typeof node === 'string') {
      if (node.length <= limit) emit(JSON.stringify(node));
      else {
        // Escape only what can still be shown; count the rest by its raw size.
        const head = length < limit ? JSON.stringify(node.slice(0, limit - length)) : '';
        emit(head, Buffer.byteLength(node) + 2);
      }
      return;
    }
    if (typeof node !== 'object' || depth > MAX_DEPTH) {
      emit('null');
      return;
    }
    if (Array.isArray(node)) {
      emit('[');
      node.forEach((item, i) => {
        if (i > 0) emit(',');
        walk(item === undefined ? null : item, depth + 1);
      });
      emit(']');
      return;
    }
    emit('{');
    let first = true;
    for (const [key, item] of Object.entries(node)) {
      if (item === undefined || typeof item === 'function') continue;
      if (!first) emit(',');
      first = false;
      emit(`${JSON.stringify(key)}:`);
      walk(item, depth + 1);
    }
    emit('}');
  };
  walk(value, 0);
  const preview = parts.join('');
  return { preview, bytes, truncated: bytes > Buffer.byteLength(preview) };
}
