/** Unsubscribes a listener; calling it twice is harmless. */
export type Unsubscribe = () => void;

/**
 * A tiny typed event source. Listeners run synchronously in subscription order; a listener
 * that throws is reported to `onListenerError` and never stops the others or the emitter.
 */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(private readonly onListenerError?: (error: unknown) => void) {}

  /** Subscribes `listener`; returns the function that removes it. */
  readonly event = (listener: (value: T) => void): Unsubscribe => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** True when at least one listener is subscribed (lets callers skip costly payloads). */
  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  /** Delivers `value` to every listener. Never throws. */
  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        try {
          this.onListenerError?.(error);
        } catch {
          // Reporting a broken listener must not break delivery either.
        }
      }
    }
  }

  /** Drops every listener (on dispose). */
  clear(): void {
    this.listeners.clear();
  }
}
