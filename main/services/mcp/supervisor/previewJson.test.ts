import { describe, expect, it } from 'vitest';
import { previewJson } from './previewJson';

describe('previewJson', () => {
  it('matches JSON.stringify for ordinary messages, with the exact size', () => {
    const samples: unknown[] = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'héllo "q"\n' } },
      },
      {
        jsonrpc: '2.0',
        id: 'a',
        result: { content: [{ type: 'text', text: '你好' }], isError: false, n: null },
      },
      [1, true, null, { a: [] }],
    ];
    for (const sample of samples) {
      const json = JSON.stringify(sample);
      expect(previewJson(sample, 10_000)).toEqual({
        preview: json,
        bytes: Buffer.byteLength(json),
        truncated: false,
      });
    }
  });

  it('cuts a huge message at the limit without losing its size', () => {
    const text = 'x'.repeat(20 * 1024 * 1024);
    const message = { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text }] } };
    const { preview, bytes, truncated } = previewJson(message, 8192);
    expect(preview.length).toBe(8192);
    expect(
      preview.startsWith('{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"xxx'),
    ).toBe(true);
    expect(truncated).toBe(true);
    expect(bytes).toBe(Buffer.byteLength(JSON.stringify(message)));
  });
});
