import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { retryDelay, type RetryPolicy } from './retryPolicy';

const policy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 100,
  maxDelayMs: 300,
  maxRetryAfterMs: 10_000,
  jitter: 0.5,
};
const noJitter = (): number => 0;

describe('retryDelay', () => {
  it('backs off exponentially up to the cap, with jitter taken off', () => {
    const error = new AppError(AppErrorCode.LlmOverloaded, 'overloaded');
    expect([1, 2, 3].map((attempt) => retryDelay(error, attempt, policy, noJitter))).toEqual([
      100, 200, 300,
    ]);
    expect(retryDelay(error, 1, policy, () => 1)).toBe(50);
  });

  it('honours retry-after exactly, but not beyond the limit', () => {
    const soon = new AppError(AppErrorCode.LlmRateLimited, 'slow down', { retryAfterMs: 3_000 });
    expect(retryDelay(soon, 1, policy)).toBe(3_000);
    const late = new AppError(AppErrorCode.LlmRateLimited, 'slow down', { retryAfterMs: 60_000 });
    expect(retryDelay(late, 1, policy)).toBeUndefined();
  });

  it('stops after the last attempt and never retries what will not change', () => {
    const overloaded = new AppError(AppErrorCode.LlmOverloaded, 'overloaded');
    expect(retryDelay(overloaded, 4, policy)).toBeUndefined();
    for (const code of [
      AppErrorCode.LlmAuth,
      AppErrorCode.LlmBadRequest,
      AppErrorCode.LlmStalled,
    ]) {
      expect(retryDelay(new AppError(code, 'no'), 1, policy)).toBeUndefined();
    }
  });

  it('obeys an explicit x-should-retry', () => {
    const no = new AppError(AppErrorCode.LlmServer, 'x', { shouldRetry: false });
    expect(retryDelay(no, 1, policy)).toBeUndefined();
    const yes = new AppError(AppErrorCode.LlmBadRequest, 'x', { shouldRetry: true });
    expect(retryDelay(yes, 1, policy, noJitter)).toBe(100);
  });
});
