import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueMount } from './mountQueue';

afterEach(() => vi.useRealTimers());

describe('queueMount', () => {
  it('starts one App per turn, in order, and skips one taken out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const started: string[] = [];
    queueMount(() => started.push('a'));
    const dequeue = queueMount(() => started.push('b'));
    queueMount(() => started.push('c'));
    dequeue();
    expect(started).toEqual([]);
    // A frame, then a task: one App.
    await vi.advanceTimersByTimeAsync(20);
    expect(started).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(20);
    expect(started).toEqual(['a', 'c']);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual(['a', 'c']);
  });
});
