import { randomUUID } from 'node:crypto';
import { bufferPool } from '../platform/BufferPool';
import {
  RAW_STRING_MIN_CHARS,
  rawStringSources,
  type RawStringSources,
} from '../platform/RawStringSources';

/**
 * A frame's JSON for the socket. Large strings that arrived from a server moments ago (a 50 MB
 * tool result) are written as their source text, spliced in, instead of being escaped again
 * (see RawStringSources): the bytes then go out in one buffer (sent as a text frame), not a
 * 50 MB string that is built and then encoded. That buffer is borrowed from `bufferPool`: give
 * it back once it has been written. Whatever else is in the frame is written by JSON.stringify as
 * always, and so is every frame while no large string is remembered.
 */
export function serializeFrame(
  frame: unknown,
  sources: RawStringSources = rawStringSources,
): string | Buffer {
  if (sources.size === 0) return JSON.stringify(frame);
  const spliced: string[] = [];
  // Stands for a spliced string in the JSON written around it: no other string can be it.
  const token = `\u0000${randomUUID()}`;
  const json = JSON.stringify(frame, (_key, value: unknown) => {
    if (typeof value !== 'string' || value.length < RAW_STRING_MIN_CHARS) return value;
    const source = sources.sourceOf(value);
    if (source === undefined) return value;
    spliced.push(source);
    return token;
  });
  if (spliced.length === 0) return json;
  const around = json.split(JSON.stringify(token));
  let bytes = 0;
  for (const piece of around) bytes += Buffer.byteLength(piece);
  for (const source of spliced) bytes += Buffer.byteLength(source);
  const out = bufferPool.borrow(bytes);
  let at = 0;
  around.forEach((piece, index) => {
    at += out.write(piece, at);
    const source = spliced[index];
    if (source !== undefined) at += out.write(source, at);
  });
  return out;
}
