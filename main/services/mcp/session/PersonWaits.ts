import { Emitter } from '../../base/Emitter';
import type { InteractionHandlers } from './InteractionHandlers';

/**
 * Counts a session's server→client requests that wait for the person (a form, a sampling
 * review, pages to open). While any is open, the session's tool-call timers stand still
 * ({@link CallDeadline}): the server is waiting for the person, and so must the host.
 *
 * A request cannot name the call it belongs to (2025 push requests carry no link on stdio, and
 * 2026 input-required rounds are answered between legs), so every call on the session waits.
 */
export class PersonWaits {
  private open = 0;
  private readonly changed = new Emitter<boolean>();
  /** Fires `true` when the first request opens and `false` when the last one settles. */
  readonly onDidChange = this.changed.event;

  /** Whether a request to the person is open right now. */
  get waiting(): boolean {
    return this.open > 0;
  }

  /** Runs `ask` counted as a request to the person. */
  async during<T>(ask: () => Promise<T>): Promise<T> {
    if (++this.open === 1) this.changed.fire(true);
    try {
      return await ask();
    } finally {
      if (--this.open === 0) this.changed.fire(false);
    }
  }

  /** The same handlers, each request that asks the person counted here. */
  track(handlers: InteractionHandlers): InteractionHandlers {
    return {
      ...handlers,
      sampling: (request, ctx) => this.during(() => handlers.sampling(request, ctx)),
      elicitation: (request, ctx) => this.during(() => handlers.elicitation(request, ctx)),
      roots: (ctx) => handlers.roots(ctx),
      ...(handlers.urlElicitationRequired
        ? {
            urlElicitationRequired: (elicitations, ctx) =>
              this.during(
                () =>
                  handlers.urlElicitationRequired?.(elicitations, ctx) ?? Promise.resolve(false),
              ),
          }
        : {}),
      ...(handlers.elicitationComplete
        ? {
            elicitationComplete: (id: string, server: string) =>
              handlers.elicitationComplete?.(id, server),
          }
        : {}),
    };
  }
}
