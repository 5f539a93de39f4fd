import { describe, expect, it } from 'vitest';
import { BufferPool, POOLED_FROM_BYTES } from '../../../platform/BufferPool';
import { DROPPED_END_BYTES, LineReader } from './LineReader';

describe('LineReader', () => {
  it('splits on newlines, across chunks, dropping the CR of CRLF', () => {
    const reader = new LineReader(1024);
    expect(reader.push(Buffer.from('{"a":1}\n{"b"'))).toMatchObject({
      lines: ['{"a":1}'],
      oversized: 0,
    });
    expect(reader.bufferedBytes).toBe(4);
    expect(reader.push(Buffer.from(':2}\r\n\n'))).toMatchObject({
      lines: ['{"b":2}', ''],
      oversized: 0,
    });
    expect(reader.bufferedBytes).toBe(0);
  });

  it('joins long lines in a pooled buffer, each decoded whole and unharmed by the next', () => {
    const pool = new BufferPool();
    const reader = new LineReader(16 * 1024 * 1024, pool);
    const long = (seed: string, chars: number) => `"${'日本語 ' + seed}`.repeat(chars / 8) + '"';
    const first = long('a', POOLED_FROM_BYTES * 2);
    const second = long('b', POOLED_FROM_BYTES);
    const bytes = Buffer.from(`${first}\r\n${second}\n`);
    const lines: string[] = [];
    // Chunks of an odd size: characters are split between them.
    for (let at = 0; at < bytes.length; at += 65_521) {
      lines.push(...reader.push(bytes.subarray(at, at + 65_521)).lines);
    }
    expect(lines.length).toBe(2);
    expect(lines[0] === first).toBe(true);
    expect(lines[1] === second).toBe(true);
    // One buffer served both lines, and is back in the pool.
    expect(pool.freeCount).toBe(1);
  });

  it('keeps multi-byte characters split across chunks intact', () => {
    const reader = new LineReader(1024);
    const bytes = Buffer.from('"日本語"\n');
    expect(reader.push(bytes.subarray(0, 3)).lines).toEqual([]);
    expect(reader.push(bytes.subarray(3)).lines).toEqual(['"日本語"']);
  });

  it('drops a line over the cap, counts it once, and carries on after its newline', () => {
    const reader = new LineReader(10);
    expect(reader.push(Buffer.from('ok\n0123456789'))).toEqual({
      lines: ['ok'],
      oversized: 0,
      dropped: [],
    });
    expect(reader.push(Buffer.from('ABCDEF'))).toEqual({ lines: [], oversized: 1, dropped: [] });
    expect(reader.push(Buffer.from('more of the same'))).toEqual({
      lines: [],
      oversized: 0,
      dropped: [],
    });
    const line = '0123456789ABCDEFmore of the sameend';
    expect(reader.push(Buffer.from('end\nnext\n'))).toEqual({
      lines: ['next'],
      oversized: 0,
      dropped: [{ bytes: line.length, head: line, tail: line }],
    });
    expect(reader.push(Buffer.from('x'.repeat(11) + '\nafter\n'))).toMatchObject({
      lines: ['after'],
      oversized: 1,
      dropped: [{ bytes: 11 }],
    });
  });

  it('keeps only the two ends of a long dropped line', () => {
    const reader = new LineReader(1000);
    const body = `{"result":${'7'.repeat(5000)},"jsonrpc":"2.0","id":42}`;
    const chunks = body.match(/.{1,333}/gs) ?? [];
    const dropped = chunks.flatMap((chunk) => reader.push(Buffer.from(chunk)).dropped);
    expect(dropped).toEqual([]);
    const [line] = reader.push(Buffer.from('\n')).dropped;
    expect(line?.bytes).toBe(body.length);
    expect(line?.head).toBe(body.slice(0, DROPPED_END_BYTES));
    expect(line?.tail).toBe(body.slice(-DROPPED_END_BYTES));
  });

  it('accepts a line of exactly the cap', () => {
    const reader = new LineReader(10);
    expect(reader.push(Buffer.from('0123456789\n')).lines).toEqual(['0123456789']);
  });
});
