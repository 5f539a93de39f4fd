import { describe, expect, it } from 'vitest';
import { measureJson } from './measureJson';

const loose = { maxDepth: 1000, maxChars: 1e9 };

describe('measureJson', () => {
  it('never estimates below the JSON text length', () => {
    const samples: unknown[] = [
      null,
      true,
      -12.5e-7,
      'plain',
      [],
      {},
      [1, 'two', [3, { four: null }]],
      { a: { b: { c: ['x', 'y', { d: false }] } }, e: 123456789 },
    ];
    for (const value of samples) {
      const measured = measureJson(value, loose);
      expect(measured.ok && measured.chars).toBeGreaterThanOrEqual(JSON.stringify(value).length);
    }
  });

  it('refuses depth at the limit and accepts one level less', () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expect(measureJson(nest(10), { maxDepth: 10, maxChars: 1e6 }).ok).toBe(true);
    expect(measureJson(nest(11), { maxDepth: 10, maxChars: 1e6 })).toMatchObject({
      ok: false,
      reason: 'depth',
    });
  });

  it('refuses a huge sparse array without walking it', () => {
    const sparse: unknown[] = [];
    sparse.length = 2 ** 31;
    expect(measureJson(sparse, { maxDepth: 10, maxChars: 1024 })).toMatchObject({
      ok: false,
      reason: 'size',
    });
  });
});
