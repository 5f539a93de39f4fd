import { describe, expect, it } from 'vitest';
import { WIRE_CHUNK_BYTES, WireChunks } from './WireChunks';

/** What a Blob of the chunks reads as. */
async function read(chunks: WireChunks): Promise<string> {
  return new Blob([...chunks.parts]).text();
}

function bytes(text: string): Uint8Array {
  return Buffer.from(text);
}

/** A text of `length` ASCII characters that shows where each byte came from. */
function pattern(length: number, seed: string): string {
  return Array.from({ length }, (_, i) =>
    String.fromCharCode(97 + ((i + seed.charCodeAt(0)) % 26)),
  ).join('');
}

describe('WireChunks', () => {
  it('appends and cuts exactly, at every kind of boundary', async () => {
    const a = pattern(WIRE_CHUNK_BYTES - 3, 'a');
    const b = pattern(2 * WIRE_CHUNK_BYTES + 10, 'b');
    const c = 'naïve — ✓';
    const whole = a + b + c;
    const chunks = WireChunks.empty.append([bytes(a)]).append([bytes(b), bytes(c)]);
    expect(chunks.size).toBe(Buffer.byteLength(whole));
    expect(await read(chunks)).toBe(whole);
    const byteWhole = Buffer.from(whole);
    for (const n of [
      0,
      1,
      WIRE_CHUNK_BYTES - 1,
      WIRE_CHUNK_BYTES,
      WIRE_CHUNK_BYTES + 1,
      3 * WIRE_CHUNK_BYTES,
      chunks.size - 2,
      chunks.size,
    ]) {
      const cut = chunks.prefix(n);
      expect(cut.size).toBe(n);
      const cutBytes = Buffer.from(await new Blob([...cut.parts]).arrayBuffer());
      expect(Buffer.compare(cutBytes, byteWhole.subarray(0, n))).toBe(0);
      // And grows again from the cut.
      expect(await read(cut.append([bytes('{}')]))).toBe(
        byteWhole.subarray(0, n).toString() + '{}',
      );
    }
  });

  it('shares its sealed parts with what grows from it; only the open end is copied', () => {
    const long = WireChunks.empty.append([bytes(pattern(3 * WIRE_CHUNK_BYTES + 100, 'x'))]);
    const sealed = long.parts.slice(0, -1);
    expect(sealed).toHaveLength(3);
    for (const part of sealed) expect((part as Blob).size).toBe(WIRE_CHUNK_BYTES);
    const grown = long.append([bytes(',{"role":"user"}')]);
    expect(grown.parts.slice(0, 3)).toEqual(sealed);
    for (const [i, part] of sealed.entries()) expect(grown.parts[i]).toBe(part);
    // The value it grew from is unchanged.
    expect(long.size).toBe(3 * WIRE_CHUNK_BYTES + 100);
    // A cut inside the sealed parts keeps those before it as they are.
    const cut = grown.prefix(WIRE_CHUNK_BYTES + 5);
    expect(cut.parts[0]).toBe(sealed[0]);
    expect(cut.parts).toHaveLength(2);
  });

  it('appending nothing is the same value', () => {
    const one = WireChunks.empty.append([bytes('x')]);
    expect(one.append([])).toBe(one);
    expect(one.prefix(5)).toBe(one);
  });
});
