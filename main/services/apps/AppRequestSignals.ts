/**
 * Abort signals for what an App asked: each request ends when its frame closes, and (when the
 * window names it) when the App cancels it (`notifications/cancelled`), so a call the App gave up
 * is neither asked about nor run afterwards.
 */
export class AppRequestSignals {
  private readonly frames = new Map<string, AbortController>();
  private readonly requests = new Map<string, AbortController>();

  /** A request's signal, and what to call once it is done. */
  begin(frameId: string, requestId?: string): { signal: AbortSignal; end: () => void } {
    const frame = this.frameController(frameId).signal;
    const key = requestKey(frameId, requestId ?? '');
    // A repeated id keeps the first: the window names each request once.
    if (requestId === undefined || this.requests.has(key)) {
      return { signal: frame, end: () => undefined };
    }
    const controller = new AbortController();
    this.requests.set(key, controller);
    return {
      signal: AbortSignal.any([frame, controller.signal]),
      end: () => {
        if (this.requests.get(key) === controller) this.requests.delete(key);
      },
    };
  }

  /** The App cancelled one of its requests; unknown or finished ones are ignored. */
  cancel(frameId: string, requestId: string, reason: Error): void {
    const key = requestKey(frameId, requestId);
    this.requests.get(key)?.abort(reason);
    this.requests.delete(key);
  }

  /** The frame closed: every request of it ends. */
  closeFrame(frameId: string, reason: Error): void {
    this.frames.get(frameId)?.abort(reason);
    this.frames.delete(frameId);
    const prefix = requestKey(frameId, '');
    for (const key of [...this.requests.keys()]) {
      if (key.startsWith(prefix)) this.requests.delete(key);
    }
  }

  private frameController(frameId: string): AbortController {
    let controller = this.frames.get(frameId);
    if (!controller) {
      controller = new AbortController();
      this.frames.set(frameId, controller);
    }
    return controller;
  }
}

function requestKey(frameId: string, requestId: string): string {
  return `${frameId}\n${requestId}`;
}
