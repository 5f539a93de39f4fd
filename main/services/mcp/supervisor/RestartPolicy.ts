import { AppErrorCode } from '../../../../shared/errors';

export interface RestartPolicyOptions {
  /** First retry delay. */
  baseMs?: number;
  /** Cap of the exponential delay. */
  maxMs?: number;
  /** Consecutive failed starts before giving up (a crash loop ends in `error`). */
  maxAttempts?: number;
  /** A run that stayed ready this long resets the attempt count. */
  stableMs?: number;
  random?: () => number;
}

export type RestartDecision =
  | { kind: 'retry'; attempt: number; delayMs: number }
  | { kind: 'give-up'; attempts: number; reason: 'crash-loop' | 'not-retryable' };

/**
 * Failures that another attempt cannot fix: the command is missing, the config is wrong, the
 * server wants a sign-in (only a person can give it).
 */
const NOT_RETRYABLE = new Set<string>([
  AppErrorCode.McpSpawnFailed,
  AppErrorCode.ConfigInvalid,
  AppErrorCode.McpAuthRequired,
]);

/** Capped exponential backoff with jitter; a crash loop stops with a clear state. */
export class RestartPolicy {
  private attempts = 0;
  private readyAt: number | undefined;
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly maxAttempts: number;
  private readonly stableMs: number;
  private readonly random: () => number;

  constructor(options: RestartPolicyOptions = {}) {
    this.baseMs = options.baseMs ?? 1000;
    this.maxMs = options.maxMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.stableMs = options.stableMs ?? 60_000;
    this.random = options.random ?? Math.random;
  }

  onReady(now: number): void {
    this.readyAt = now;
  }

  onFailure(now: number, code: string): RestartDecision {
    if (this.readyAt !== undefined && now - this.readyAt >= this.stableMs) this.attempts = 0;
    this.readyAt = undefined;
    if (NOT_RETRYABLE.has(code))
      return { kind: 'give-up', attempts: this.attempts + 1, reason: 'not-retryable' };
    this.attempts += 1;
    if (this.attempts > this.maxAttempts) {
      return { kind: 'give-up', attempts: this.attempts, reason: 'crash-loop' };
    }
    const exponential = Math.min(this.maxMs, this.baseMs * 2 ** (this.attempts - 1));
    const jitter = 0.8 + this.random() * 0.4;
    return { kind: 'retry', attempt: this.attempts, delayMs: Math.round(exponential * jitter) };
  }

  reset(): void {
    this.attempts = 0;
    this.readyAt = undefined;
  }
}
