/**
 * Waits for `promise` to settle, at most `timeoutMs`; true when it settled in time. The timer
 * is cleared either way, so a finished wait never keeps the process alive (a CLI run would
 * otherwise linger for the rest of a grace period).
 */
export async function settleWithin(promise: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
