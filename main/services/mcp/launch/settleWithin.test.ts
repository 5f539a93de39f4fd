import { describe, expect, it } from 'vitest';
import { settleWithin } from './settleWithin';

describe('settleWithin', () => {
  it('is true when the promise settles in time, resolved or rejected', async () => {
    expect(await settleWithin(Promise.resolve(1), 1000)).toBe(true);
    expect(await settleWithin(Promise.reject(new Error('x')), 1000)).toBe(true);
  });

  it('is false when the time runs out first', async () => {
    expect(await settleWithin(new Promise(() => undefined), 20)).toBe(false);
  });
});
