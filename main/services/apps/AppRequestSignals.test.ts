import { describe, expect, it } from 'vitest';
import { AppRequestSignals } from './AppRequestSignals';

describe('AppRequestSignals', () => {
  it('ends a named request when the App cancels it, and every request when its frame closes', () => {
    const signals = new AppRequestSignals();
    const named = signals.begin('f1', 'r1');
    const other = signals.begin('f1', 'r2');
    const unnamed = signals.begin('f1');
    const elsewhere = signals.begin('f2', 'r1');
    signals.cancel('f1', 'r1', new Error('cancelled by the App'));
    expect(named.signal.aborted).toBe(true);
    expect((named.signal.reason as Error).message).toBe('cancelled by the App');
    expect([other, unnamed, elsewhere].map((r) => r.signal.aborted)).toEqual([false, false, false]);
    // Unknown, finished or repeated: nothing happens.
    signals.cancel('f1', 'nope', new Error('x'));
    other.end();
    signals.cancel('f1', 'r2', new Error('x'));
    expect(other.signal.aborted).toBe(false);
    signals.closeFrame('f1', new Error('closed'));
    expect(unnamed.signal.aborted).toBe(true);
    expect(elsewhere.signal.aborted).toBe(false);
  });

  it('keeps the first of two requests that claim one id', () => {
    const signals = new AppRequestSignals();
    const first = signals.begin('f1', 'r1');
    const second = signals.begin('f1', 'r1');
    signals.cancel('f1', 'r1', new Error('x'));
    expect(first.signal.aborted).toBe(true);
    expect(second.signal.aborted).toBe(false);
  });
});
