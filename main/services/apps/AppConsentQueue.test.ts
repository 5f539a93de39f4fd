import { describe, expect, it } from 'vitest';
import { AppConsentQueue } from './AppConsentQueue';

describe('AppConsentQueue', () => {
  it('gives an App one turn at a time, in order, and says how many wait', async () => {
    const counts: [string, number][] = [];
    const queue = new AppConsentQueue((appId, waiting) => counts.push([appId, waiting]), 2);
    const order: string[] = [];
    const first = await queue.turn('a');
    const second = queue.turn('a').then((release) => (order.push('second'), release));
    const third = queue.turn('a').then((release) => (order.push('third'), release));
    await expect(queue.turn('a')).rejects.toThrow(
      '2 requests of this App already wait for you; ask again once they are answered.',
    );
    // Another App has its own line.
    const other = await queue.turn('b');
    expect(counts).toEqual([
      ['a', 1],
      ['a', 2],
    ]);
    first();
    first();
    (await second)();
    (await third)();
    other();
    expect(order).toEqual(['second', 'third']);
    expect(counts.slice(2)).toEqual([
      ['a', 1],
      ['a', 0],
    ]);
    expect(queue.waiting('a')).toBe(0);
  });

  it('lets a waiting request leave when it is aborted', async () => {
    const counts: number[] = [];
    const queue = new AppConsentQueue((_, waiting) => counts.push(waiting));
    const first = await queue.turn('a');
    const controller = new AbortController();
    const leaving = queue.turn('a', controller.signal);
    const staying = queue.turn('a');
    controller.abort();
    (await leaving)();
    expect(queue.waiting('a')).toBe(1);
    first();
    (await staying)();
    expect(counts).toEqual([1, 2, 1, 0]);
  });
});
