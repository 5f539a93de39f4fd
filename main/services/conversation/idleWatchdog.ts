/** A running idle timer; see {@link startIdleWatchdog}. */
export interface IdleWatchdog {
  /** Something arrived: the idle period starts again. */
  touch(): void;
  /** Disarms the watchdog for good (idempotent). */
  stop(): void;
  /** True once the watchdog has fired. */
  readonly fired: boolean;
}

/**
 * Calls `onIdle` once when `touch()` has not been called for `timeoutMs`. Touching only records
 * the time; the single timer re-arms itself for the remainder when it wakes early, so a stream
 * of thousands of deltas does not churn thousands of timers.
 */
export function startIdleWatchdog(
  timeoutMs: number,
  onIdle: () => void,
  now: () => number = Date.now,
): IdleWatchdog {
  let last = now();
  let fired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const arm = (delay: number): void => {
    timer = setTimeout(check, delay);
    // The watched operation keeps the process alive, not its watchdog.
    timer.unref();
  };
  const check = (): void => {
    timer = undefined;
    const idle = now() - last;
    if (idle < timeoutMs) {
      arm(timeoutMs - idle);
      return;
    }
    fired = true;
    try {
      onIdle();
    } catch {
      // The callback only aborts a request; a throw here would surface as an uncaught error.
    }
  };
  arm(timeoutMs);

  return {
    touch: () => {
      last = now();
    },
    stop: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    get fired() {
      return fired;
    },
  };
}
