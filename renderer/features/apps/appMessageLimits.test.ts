import { describe, expect, it } from 'vitest';
import { MAX_APP_MESSAGE_BYTES, measureAppMessage, TokenBucket } from './appMessageLimits';

const utf8 = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

describe('measureAppMessage', () => {
  it('is the size of the JSON text in UTF-8, escapes and all', () => {
    const samples: unknown[] = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: {} } },
      'plain ascii',
      'quote " and backslash \\ and newline \n and tab \t and bell \u0007',
      'é ü 中文 𝄞 emoji 😀',
      'lone surrogates \ud800 and \udc00',
      [1, -2.5, 1e21, true, false, null, [], {}, { nested: ['a', { b: 'c' }] }],
      { 'key "quoted"': 'value', 中: '文' },
    ];
    for (const sample of samples) {
      expect(measureAppMessage(sample)).toEqual({ ok: true, bytes: utf8(sample) });
    }
  });

  it('refuses what is larger than the limit, without walking all of it', () => {
    const big = {
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { data: 'x'.repeat(MAX_APP_MESSAGE_BYTES) },
    };
    expect(measureAppMessage(big)).toEqual({
      ok: false,
      refusal: 'size',
      detail: 'larger than 4 MiB',
    });
    const justUnder = { data: 'x'.repeat(MAX_APP_MESSAGE_BYTES - 20) };
    expect(measureAppMessage(justUnder)).toMatchObject({ ok: true, bytes: utf8(justUnder) });
    // Multi-byte text counts in bytes: 1.5 Mi characters of 3 bytes each is 4.5 MiB.
    expect(measureAppMessage({ text: '中'.repeat(1.5 * 1024 * 1024) })).toMatchObject({
      ok: false,
      refusal: 'size',
    });
    const started = performance.now();
    expect(measureAppMessage(new Array(50_000_000))).toMatchObject({ ok: false, refusal: 'size' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses what is not plain JSON: too deep, cyclic, dates, maps, typed arrays, bigints', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 101; i += 1) deep = [deep];
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(measureAppMessage(deep)).toMatchObject({ ok: false, refusal: 'shape' });
    expect(measureAppMessage(cyclic)).toMatchObject({ ok: false, refusal: 'shape' });
    for (const odd of [new Date(), new Map(), new Uint8Array(4), 10n, { at: new Set() }]) {
      expect(measureAppMessage(odd)).toEqual({
        ok: false,
        refusal: 'shape',
        detail: 'not plain JSON',
      });
    }
    expect(measureAppMessage(Object.create(null))).toMatchObject({ ok: true });
  });
});

describe('TokenBucket', () => {
  it('lets a burst through, then the rate', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 5, () => now);
    const taken = (n: number): number =>
      Array.from({ length: n }, () => bucket.take()).filter(Boolean).length;
    expect(taken(8)).toBe(5);
    now += 300;
    expect(taken(8)).toBe(3);
    now += 10_000;
    expect(taken(8)).toBe(5);
  });
});
