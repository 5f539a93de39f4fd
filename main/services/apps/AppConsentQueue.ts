import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';

/** Requests of one App that may wait behind the one shown; more are refused at once. */
export const MAX_WAITING_PER_APP = 50;

interface AppTurns {
  asking: boolean;
  waiting: ((release: () => void) => void)[];
}

/**
 * What an App asks of the person (tool approvals, pages to open) is asked one request at a
 * time: the person sees one panel per App, with how many more wait behind it, instead of a
 * pile of dialogs. A request that needs no person (a grant covers it) never waits here.
 */
export class AppConsentQueue {
  private readonly apps = new Map<string, AppTurns>();

  /** @param changed how many requests of an App now wait behind the one shown. */
  constructor(
    private readonly changed: (appId: string, waiting: number) => void,
    private readonly maxWaiting = MAX_WAITING_PER_APP,
  ) {}

  /**
   * Resolves once it is this request's turn, with what ends the turn (call it once answered).
   * A request whose `signal` aborts while it waits leaves the line (and resolves, so the
   * caller sees the abort); one over the limit is refused.
   */
  turn(appId: string, signal?: AbortSignal): Promise<() => void> {
    let turns = this.apps.get(appId);
    if (!turns) {
      turns = { asking: false, waiting: [] };
      this.apps.set(appId, turns);
    }
    if (!turns.asking) {
      turns.asking = true;
      return Promise.resolve(this.releaser(appId, turns));
    }
    if (turns.waiting.length >= this.maxWaiting) {
      return Promise.reject(
        new AppError(
          AppErrorCode.Forbidden,
          hostText('apps.consentsWaiting', { limit: this.maxWaiting }),
        ),
      );
    }
    const line = turns;
    return new Promise((resolve) => {
      const enter = (release: () => void): void => {
        signal?.removeEventListener('abort', leave);
        resolve(release);
      };
      const leave = (): void => {
        const at = line.waiting.indexOf(enter);
        if (at < 0) return;
        line.waiting.splice(at, 1);
        this.changed(appId, line.waiting.length);
        resolve(() => undefined);
      };
      line.waiting.push(enter);
      signal?.addEventListener('abort', leave, { once: true });
      this.changed(appId, line.waiting.length);
    });
  }

  /** How many requests of the App wait behind the one shown. */
  waiting(appId: string): number {
    return this.apps.get(appId)?.waiting.length ?? 0;
  }

  private releaser(appId: string, turns: AppTurns): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = turns.waiting.shift();
      if (next) {
        this.changed(appId, turns.waiting.length);
        next(this.releaser(appId, turns));
        return;
      }
      turns.asking = false;
      this.apps.delete(appId);
    };
  }
}
