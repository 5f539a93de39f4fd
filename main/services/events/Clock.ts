/** Time for the events service: injectable so tests drive polls and heartbeats without sleeps. */
export interface Clock {
  now(): number;
  /** Calls `fn` after `ms`; returns a canceller. */
  setTimeout(fn: () => void, ms: number): () => void;
}

/** The real clock. Timers are unref'd: a pending poll never keeps a CLI process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Waits `ms` on `clock`; resolves early (never rejects) when `signal` aborts. */
export function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const cancel = clock.setTimeout(done, ms);
    function done(): void {
      cancel();
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Retry delay after `failures` consecutive failures: 1 s doubling to a minute. */
export function backoffMs(failures: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));
}
