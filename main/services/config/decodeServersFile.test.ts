import { describe, expect, it } from 'vitest';
import { decodeServersFile } from './decodeServersFile';

const at = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

describe('decodeServersFile', () => {
  it('passes valid UTF-8 through without warnings, a written U+FFFD included', () => {
    expect(decodeServersFile(at('{"a": "天气 😀 \uFFFD"}'))).toEqual({
      text: '{"a": "天气 😀 \uFFFD"}',
      warnings: [],
    });
  });

  it('names the byte offset of the first sequence that is not UTF-8', () => {
    const cases: [Buffer, number][] = [
      [at('ab', [0xff], 'c'), 2], // never a lead byte
      [at('ab', [0xc0, 0xaf]), 2], // overlong
      [at('x', [0xed, 0xa0, 0x80]), 1], // a UTF-16 surrogate
      [at('天', [0xe5, 0xa4]), 3], // cut short at the end
      [at('😀', [0xf4, 0x90, 0x80, 0x80]), 4], // past U+10FFFF
    ];
    for (const [bytes, byte] of cases) {
      const { warnings } = decodeServersFile(bytes);
      expect(
        warnings.map((w) => w.message),
        bytes.toString('hex'),
      ).toEqual([expect.stringContaining(`at byte ${String(byte)};`)]);
    }
  });
});
