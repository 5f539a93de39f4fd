/**
 * Settles like `promise`, or rejects with `signal.reason` as soon as `signal` aborts, whichever
 * comes first. For work that may not honour the signal itself (a model client, a tool
 * executor): the loop stops waiting even when they do not stop working. A rejection of
 * `promise` after the abort is absorbed, never left unhandled.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reject(abortReason(signal));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError');
}

/**
 * `signal.aborted`, read through a call: TypeScript keeps an earlier `if (signal.aborted)`
 * narrowing across awaits, where the flag may well have changed.
 */
export function isAborted(signal: AbortSignal): boolean {
  return signal.aborted;
}
