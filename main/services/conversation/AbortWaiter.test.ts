import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AbortWaiter } from './AbortWaiter';

describe('AbortWaiter', () => {
  it('settles like each promise, with one listener on the signal however many waits', async () => {
    const controller = new AbortController();
    const waiter = new AbortWaiter(controller.signal);
    for (let i = 0; i < 100; i++) await expect(waiter.wait(Promise.resolve(i))).resolves.toBe(i);
    await expect(waiter.wait(Promise.reject(new Error('bad chunk')))).rejects.toThrow('bad chunk');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    waiter.dispose();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects a pending wait as soon as the signal aborts, and every wait after it', async () => {
    const controller = new AbortController();
    const waiter = new AbortWaiter(controller.signal);
    let rejectLate: (error: Error) => void = () => undefined;
    const never = new Promise<number>((_, reject) => {
      rejectLate = reject;
    });
    const waiting = waiter.wait(never);
    controller.abort(new Error('stopped by the person'));
    await expect(waiting).rejects.toThrow('stopped by the person');
    // The stream fails after the abort: nothing is left unhandled.
    rejectLate(new Error('socket closed'));
    await expect(waiter.wait(Promise.resolve(1))).rejects.toThrow('stopped by the person');
  });
});
