/**
 * Bounds on what an App may send the host, checked in the page before anything goes further
 * (to the bridge, and from there over the socket or IPC). The official App servers stay far
 * below them: their largest message measured was a few KiB and their busiest second a few dozen
 * messages (see main/services/apps/README.md).
 */

/** Largest message an App may send: its JSON text in UTF-8. */
export const MAX_APP_MESSAGE_BYTES = 4 * 1024 * 1024;
/** Deepest nesting of arrays and objects in one message. */
export const MAX_APP_MESSAGE_DEPTH = 100;
/** Messages an App may send per second, sustained. */
export const APP_MESSAGES_PER_SECOND = 100;
/** Messages an App may send at once (the bucket's size). */
export const APP_MESSAGE_BURST = 200;

/** JSON-RPC error codes of refused requests: malformed or too large, and too many. */
export const INVALID_REQUEST = -32600;
export const RATE_LIMITED = -32000;

/** Why a message was refused. */
export type MessageRefusal = 'size' | 'rate' | 'shape';

export type MessageMeasure =
  { ok: true; bytes: number } | { ok: false; refusal: 'size' | 'shape'; detail: string };

/**
 * The size of `data` as JSON text in UTF-8, walked without recursion and given up as soon as
 * it passes `maxBytes`, so a huge message costs no more than the limit. Only plain JSON passes
 * (the structured clone a page receives can also carry dates, maps, typed arrays, cycles...).
 */
export function measureAppMessage(
  data: unknown,
  maxBytes = MAX_APP_MESSAGE_BYTES,
  maxDepth = MAX_APP_MESSAGE_DEPTH,
): MessageMeasure {
  const stack: { value: unknown; depth: number }[] = [{ value: data, depth: 0 }];
  let bytes = 0;
  const tooLarge = (): MessageMeasure => ({
    ok: false,
    refusal: 'size',
    detail: `larger than ${formatBytes(maxBytes)}`,
  });
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === 'string') {
      bytes += jsonStringBytes(value, maxBytes - bytes);
    } else if (typeof value === 'number') {
      bytes += Number.isFinite(value) ? String(value).length : 4;
    } else if (typeof value === 'boolean') {
      bytes += value ? 4 : 5;
    } else if (value === null || value === undefined) {
      bytes += 4;
    } else if (typeof value === 'object') {
      if (depth >= maxDepth) {
        return {
          ok: false,
          refusal: 'shape',
          detail: `nested deeper than ${String(maxDepth)} levels`,
        };
      }
      if (Array.isArray(value)) {
        bytes += 2 + Math.max(0, value.length - 1);
        if (bytes > maxBytes) return tooLarge();
        for (const item of value as unknown[]) stack.push({ value: item, depth: depth + 1 });
      } else {
        const proto: unknown = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) {
          return { ok: false, refusal: 'shape', detail: 'not plain JSON' };
        }
        const keys = Object.keys(value);
        bytes += 2 + Math.max(0, keys.length - 1);
        for (const key of keys) {
          bytes += jsonStringBytes(key, maxBytes - bytes) + 1;
          if (bytes > maxBytes) return tooLarge();
          stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
        }
      }
    } else {
      // bigint, symbol, function: nothing JSON can carry.
      return { ok: false, refusal: 'shape', detail: 'not plain JSON' };
    }
    if (bytes > maxBytes) return tooLarge();
  }
  return { ok: true, bytes };
}

/**
 * UTF-8 bytes of a string as JSON writes it (quotes and escapes included). Past `budget` the
 * count stops early: it is then only known to be over.
 */
function jsonStringBytes(text: string, budget: number): number {
  // Every code unit is at least one byte: a string this long is over whatever it holds.
  if (text.length + 2 > budget) return text.length + 2;
  let bytes = 2;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20)
      bytes += code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 6;
    } else if (code >= 0xdc00 && code <= 0xdfff) bytes += 6;
    else bytes += 3;
    if (bytes > budget) return bytes;
  }
  return bytes;
}

/**
 * A token bucket: `burst` messages at once, refilled at `perSecond`. One per frame, so one
 * App's flood never uses up another's.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one token; false when none is left. */
  take(): boolean {
    const at = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((at - this.last) / 1000) * this.perSecond);
    this.last = at;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The error an App gets for a request over its rate (the same from the proxy and the page). */
export function rateRefusal(perSecond: number, burst: number): { code: number; message: string } {
  return {
    code: RATE_LIMITED,
    message: `Message refused: more than ${String(perSecond)} messages a second (or ${String(burst)} at once) from this App; send it again later.`,
  };
}

/** The id of a JSON-RPC request, if it is one with an id worth echoing in an error. */
export function requestId(data: unknown): string | number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { id, method } = data as { id?: unknown; method?: unknown };
  if (typeof method !== 'string') return undefined;
  if (typeof id === 'number' && Number.isFinite(id)) return id;
  return typeof id === 'string' && id.length <= 256 ? id : undefined;
}

/** `4 MiB`, `512 KiB`, `9.5 MiB`: sizes as the limits are written. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${String(Math.round((bytes / 1024 / 1024) * 10) / 10)} MiB`;
  return `${String(Math.round(bytes / 1024))} KiB`;
}
