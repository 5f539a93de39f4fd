/**
 * Waits on one promise after another (a stream's `next()` calls), each settling like its
 * promise or rejecting with the signal's reason as soon as the signal aborts. One listener on
 * the signal serves every wait: adding and removing a listener per streamed event cost more
 * than the event itself. A rejection of a promise after the abort is absorbed.
 */
export class AbortWaiter {
  private rejectCurrent: ((error: Error) => void) | undefined;
  private readonly onAbort = (): void => {
    this.rejectCurrent?.(abortReason(this.signal));
  };

  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Settles like `promise`, or rejects once the signal aborts. One wait at a time. */
  wait<T>(promise: Promise<T>): Promise<T> {
    if (this.signal.aborted) {
      promise.catch(() => undefined);
      return Promise.reject(abortReason(this.signal));
    }
    return new Promise<T>((resolve, reject) => {
      this.rejectCurrent = reject;
      promise.then(
        (value) => {
          if (this.rejectCurrent === reject) this.rejectCurrent = undefined;
          resolve(value);
        },
        (error: unknown) => {
          if (this.rejectCurrent === reject) this.rejectCurrent = undefined;
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** Stops listening to the signal. */
  dispose(): void {
    this.signal.removeEventListener('abort', this.onAbort);
    this.rejectCurrent = undefined;
  }
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError');
}
