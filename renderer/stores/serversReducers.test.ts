import { describe, expect, it } from 'vitest';
import { failed, logEntry, ready, serverView } from '../testing/fixtures';
import {
  detailFingerprint,
  itemKey,
  mergeBySeq,
  pruneRecord,
  replaceServer,
  staleDetails,
  without,
} from './serversReducers';

const seqs = (entries: { seq: number }[]): number[] => entries.map((e) => e.seq);

describe('mergeBySeq', () => {
  it('appends a following batch', () => {
    expect(seqs(mergeBySeq([logEntry(1), logEntry(2)], [logEntry(3), logEntry(4)]))).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('orders and de-duplicates overlapping or late entries', () => {
    const merged = mergeBySeq([logEntry(3), logEntry(5)], [logEntry(4), logEntry(5), logEntry(1)]);
    expect(seqs(merged)).toEqual([1, 3, 4, 5]);
  });

  it('keeps only the newest entries beyond the limit', () => {
    const many = Array.from({ length: 12 }, (_, i) => logEntry(i + 1));
    expect(seqs(mergeBySeq([], many, 5))).toEqual([8, 9, 10, 11, 12]);
    expect(seqs(mergeBySeq(many.slice(0, 4), many.slice(4), 3))).toEqual([10, 11, 12]);
  });

  it('returns the same array when nothing arrives', () => {
    const existing = [logEntry(1)];
    expect(mergeBySeq(existing, [])).toBe(existing);
  });
});

describe('server list reducers', () => {
  it('replaces a server by name and appends unknown ones', () => {
    const list = [serverView('a'), serverView('b')];
    const next = replaceServer(list, serverView('b', failed()));
    expect(next.map((s) => s.status.kind)).toEqual(['ready', 'error']);
    expect(replaceServer(list, serverView('c')).map((s) => s.name)).toEqual(['a', 'b', 'c']);
  });

  it('finds loaded details made stale by a new session, not by progress text', () => {
    const before = [
      serverView('a', ready(1, 100)),
      serverView('b', { kind: 'starting', since: 5 }),
      serverView('c', ready(2, 100)),
    ];
    const after = [
      serverView('a', ready(1, 200)),
      serverView('b', { kind: 'starting', since: 5, detail: 'installing…' }),
      serverView('c', ready(2, 100)),
    ];
    expect(staleDetails(before, after, ['a', 'b', 'c'])).toEqual(['a']);
    expect(staleDetails(before, after, ['b'])).toEqual([]);
    expect(detailFingerprint(ready(3, 1))).not.toBe(detailFingerprint(ready(4, 1)));
  });

  it('prunes entries of removed servers, item keys included, and keeps identity otherwise', () => {
    const record = { a: 1, b: 2, [itemKey('a', 'tool')]: 3, [itemKey('b', 'tool')]: 4 };
    expect(pruneRecord(record, new Set(['a']))).toEqual({ a: 1, [itemKey('a', 'tool')]: 3 });
    expect(pruneRecord(record, new Set(['a', 'b']))).toBe(record);
  });

  it('drops one key without touching the rest', () => {
    const record = { a: 1, b: 2 };
    expect(without(record, 'a')).toEqual({ b: 2 });
    expect(without(record, 'z')).toBe(record);
  });
});
