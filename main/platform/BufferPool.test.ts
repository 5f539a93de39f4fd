import { describe, expect, it } from 'vitest';
import { BufferPool, POOLED_FROM_BYTES } from './BufferPool';

const MIB = 1024 * 1024;

describe('BufferPool', () => {
  it('lends a buffer given back again, as a view of exactly the size asked', () => {
    const pool = new BufferPool();
    const first = pool.borrow(3 * MIB);
    expect(first.length).toBe(3 * MIB);
    first.fill(1);
    pool.giveBack(first);
    expect(pool.freeCount).toBe(1);
    const second = pool.borrow(2 * MIB + 5);
    expect(second.length).toBe(2 * MIB + 5);
    expect(second.buffer).toBe(first.buffer);
    expect(pool.freeCount).toBe(0);
  });

  it('never lends one buffer twice at once', () => {
    const pool = new BufferPool();
    const a = pool.borrow(2 * MIB);
    const b = pool.borrow(2 * MIB);
    expect(b.buffer).not.toBe(a.buffer);
    pool.giveBack(a);
    pool.giveBack(a);
    expect(pool.freeCount).toBe(1);
    expect(pool.borrow(MIB).buffer).toBe(a.buffer);
    expect(pool.borrow(MIB).buffer).not.toBe(a.buffer);
  });

  it('leaves small buffers to Node and ignores buffers it did not lend', () => {
    const pool = new BufferPool();
    const small = pool.borrow(POOLED_FROM_BYTES - 1);
    expect(small.length).toBe(POOLED_FROM_BYTES - 1);
    pool.giveBack(small);
    pool.giveBack(Buffer.alloc(4 * MIB));
    expect(pool.freeCount).toBe(0);
  });

  it('keeps the two largest, and none for long', () => {
    let now = 0;
    const pool = new BufferPool(() => now);
    const lent = [MIB, 8 * MIB, 4 * MIB].map((bytes) => pool.borrow(bytes));
    for (const buffer of lent) pool.giveBack(buffer);
    expect(pool.freeCount).toBe(2);
    expect(pool.borrow(5 * MIB).buffer).toBe(lent[1]?.buffer);
    expect(pool.borrow(3 * MIB).buffer).toBe(lent[2]?.buffer);
    for (const buffer of lent.slice(1)) pool.giveBack(buffer);
    now = 9_999;
    pool.prune();
    expect(pool.freeCount).toBe(2);
    now = 10_000;
    pool.prune();
    expect(pool.freeCount).toBe(0);
  });

  it('neither rounds a very large request up nor keeps it', () => {
    const pool = new BufferPool();
    const big = pool.borrow(100 * MIB + 1);
    expect(big.buffer.byteLength).toBe(100 * MIB + 1);
    pool.giveBack(big);
    expect(pool.freeCount).toBe(0);
    const largestKept = pool.borrow(64 * MIB);
    pool.giveBack(largestKept);
    expect(pool.freeCount).toBe(1);
  });
});
