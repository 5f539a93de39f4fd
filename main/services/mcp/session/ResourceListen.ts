import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';

/**
 * Resource subscriptions on a 2026-07-28 connection: there is no `resources/subscribe`, so the
 * watched URIs ride on one `subscriptions/listen` stream of our own (the SDK's auto-opened one
 * carries only list changes). A change of the set reopens the stream with the new list; the
 * SDK dispatches its `notifications/resources/updated` to the same handler as the 2025 era.
 */
export class ResourceListen {
  private readonly uris = new Set<string>();
  private current: McpSubscription | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly timeoutMs: number) {}

  /** Adds a URI; rejects (and forgets it) when the server does not honour it. */
  add(client: Client, uri: string): Promise<void> {
    return this.serial(async () => {
      if (this.uris.has(uri)) return;
      this.uris.add(uri);
      try {
        const honored = await this.reopen(client);
        if (!honored.includes(uri)) {
          throw new AppError(AppErrorCode.Validation, hostText('resources.noChangeNotifications'));
        }
      } catch (error) {
        this.uris.delete(uri);
        throw error;
      }
    });
  }

  remove(client: Client, uri: string): Promise<void> {
    return this.serial(async () => {
      if (!this.uris.delete(uri)) return;
      await this.reopen(client);
    });
  }

  async close(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.close();
  }

  /** Opens the stream for the current set first, then closes the old one: no gap in between. */
  private async reopen(client: Client): Promise<string[]> {
    const previous = this.current;
    // If opening fails, the old stream (the old set) stays as it was.
    const next =
      this.uris.size > 0
        ? await client.listen(
            { resourceSubscriptions: [...this.uris] },
            { timeout: this.timeoutMs },
          )
        : undefined;
    this.current = next;
    await previous?.close();
    return next?.honoredFilter.resourceSubscriptions ?? [];
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }
}
