import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MessageOutbox, type HeldMessage } from './MessageOutbox';

function held(n: number, text = `message ${n}`): HeldMessage {
  return {
    conversationId: 'c1',
    input: { id: `m${n}`, role: 'user', content: [{ type: 'text', text }] },
    at: 1000 + n,
  };
}

function fileIn(): string {
  return join(mkdtempSync(join(tmpdir(), 'outbox-')), 'history.sqlite-outbox');
}

describe('MessageOutbox', () => {
  it('keeps held messages in its file until they are drained', () => {
    const file = fileIn();
    const outbox = new MessageOutbox(file, false);
    outbox.hold(held(1));
    outbox.hold(held(2, 'two\nlines'));
    expect(outbox.pending).toBe(true);
    // A crash now: the next open finds both, in order.
    const reopened = MessageOutbox.reopen(file, false);
    const committed: HeldMessage[] = [];
    reopened.drain((messages) => committed.push(...messages));
    expect(committed).toEqual([held(1), held(2, 'two\nlines')]);
    expect(reopened.pending).toBe(false);
    reopened.close();

    let seen: readonly HeldMessage[] = [];
    outbox.drain((messages) => (seen = [...messages]));
    expect(seen.map((m) => m.input.id)).toEqual(['m1', 'm2']);
    expect(outbox.pending).toBe(false);
    const drained = MessageOutbox.reopen(file, false);
    expect(drained.pending).toBe(false);
    outbox.close();
  });

  it('is written in place: a shorter message later does not bring back what followed', () => {
    const file = fileIn();
    const outbox = new MessageOutbox(file, false);
    outbox.hold(held(1, 'x'.repeat(500)));
    outbox.hold(held(2));
    outbox.drain(() => undefined);
    const size = statSync(file).size;
    outbox.hold(held(3));
    // The file did not grow; only message 3 is held in it.
    expect(statSync(file).size).toBe(size);
    const reopened = MessageOutbox.reopen(file, false);
    const found: string[] = [];
    reopened.drain((messages) => found.push(...messages.map((m) => m.input.id)));
    expect(found).toEqual(['m3']);
    outbox.close();
    reopened.close();
  });

  it('keeps what it holds when the commit fails, and ends at a torn or foreign line', () => {
    const file = fileIn();
    const outbox = new MessageOutbox(file, false);
    outbox.hold(held(1));
    expect(() =>
      outbox.drain(() => {
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(outbox.pending).toBe(true);
    outbox.close();

    const line = JSON.stringify(held(1));
    writeFileSync(file, `${line}\n${line.slice(0, 20)}\n${JSON.stringify(held(3))}\n`);
    const torn = MessageOutbox.reopen(file, false);
    const ids: string[] = [];
    torn.drain((messages) => ids.push(...messages.map((m) => m.input.id)));
    expect(ids).toEqual(['m1']);
    torn.close();

    writeFileSync(file, `${JSON.stringify({ conversationId: 'c1', at: 1 })}\n${line}\n`);
    expect(MessageOutbox.reopen(file, false).pending).toBe(false);
  });

  it('holds in memory only without a file', () => {
    const outbox = new MessageOutbox(undefined, false);
    outbox.hold(held(1));
    let count = 0;
    outbox.drain((messages) => (count = messages.length));
    expect(count).toBe(1);
  });

  it('a new held message after a reopen goes after the ones found there', () => {
    const file = fileIn();
    const first = new MessageOutbox(file, false);
    first.hold(held(1));
    first.close();
    const reopened = MessageOutbox.reopen(file, true);
    reopened.hold(held(2));
    reopened.close();
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    const again = MessageOutbox.reopen(file, false);
    const ids: string[] = [];
    again.drain((messages) => ids.push(...messages.map((m) => m.input.id)));
    expect(ids).toEqual(['m1', 'm2']);
  });
});
