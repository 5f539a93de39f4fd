import { AppErrorCode, type AppError } from '../../../shared/errors';
import type { ModelErrorDetails } from '../models/mapModelError';

/** How failed model requests are retried (only ever before anything has streamed). */
export interface RetryPolicy {
  /** Total attempts per model request, the first one included. */
  maxAttempts: number;
  /** The first backoff delay when the API gives no `retry-after`; doubles per attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `retry-after` longer than this is not waited out: the turn fails and says why. */
  maxRetryAfterMs: number;
  /** Up to this fraction is taken off a backoff delay at random, so clients do not retry in step. */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 15_000,
  maxRetryAfterMs: 60_000,
  jitter: 0.2,
};

/** Failures that are about the moment, not the request: worth trying again. */
const RETRYABLE = new Set<AppErrorCode>([
  AppErrorCode.LlmRateLimited,
  AppErrorCode.LlmOverloaded,
  AppErrorCode.LlmServer,
  AppErrorCode.LlmNetwork,
]);

/**
 * The delay before retrying after attempt `attempt` (1-based) failed with `error`, or
 * `undefined` when it should not be retried. The API's own `retry-after` is honoured exactly;
 * otherwise the delay backs off exponentially with jitter. An explicit `x-should-retry: false`
 * from the API wins over everything.
 */
export function retryDelay(
  error: AppError,
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): number | undefined {
  if (attempt >= policy.maxAttempts) return undefined;
  const details = (error.data ?? {}) as ModelErrorDetails;
  if (details.shouldRetry === false) return undefined;
  if (!RETRYABLE.has(error.code) && details.shouldRetry !== true) return undefined;
  if (details.retryAfterMs !== undefined) {
    return details.retryAfterMs <= policy.maxRetryAfterMs ? details.retryAfterMs : undefined;
  }
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(backoff * (1 - policy.jitter * random()));
}
