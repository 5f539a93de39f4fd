import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { SubscriptionView } from '../../../shared/domain/attachments';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { Logger } from '../../platform/Logger';
import { writeFileAtomic } from '../../platform/writeFileAtomic';
import type { HostEvents } from '../base/HostEvents';
import type { McpService } from '../mcp/McpService';
import type { McpSession } from '../mcp/session/McpSession';

export interface ResourceSubscriptionsOptions {
  mcp: McpService;
  events: HostEvents;
  log: Logger;
  /** Where the watched URIs are kept across launches; memory only without it. */
  file?: string;
  now?: () => number;
}

const fileSchema = z.object({
  version: z.literal(1),
  subscriptions: z.array(z.object({ server: z.string(), uri: z.string() })),
});

/**
 * The resources a person watches, per server. Each server's live session is subscribed to
 * them (2025 `resources/subscribe`, 2026 `subscriptions/listen`), again after every restart or
 * reconnect (a new session knows nothing of the old one's subscriptions). Updates become
 * `mcp.resourceUpdated` events and a `changedAt` the picker can show.
 */
export class ResourceSubscriptions {
  private readonly watched = new Map<string, Map<string, { changedAt?: number }>>();
  /** The session each server's subscriptions were made on, and its update listener. */
  private readonly bound = new Map<string, { session: McpSession; off: () => void }>();
  private offRegistry: (() => void) | undefined;
  private writing: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  /** Servers started for their watched resources at launch (once: a stop is then respected). */
  private readonly woken = new Set<string>();

  constructor(private readonly options: ResourceSubscriptionsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Loads the kept subscriptions and follows servers as they become ready. */
  async start(): Promise<void> {
    await this.load();
    this.offRegistry = this.options.mcp.registry.onDidChange(() => this.sync());
    this.sync();
  }

  list(): SubscriptionView[] {
    return [...this.watched].flatMap(([server, uris]) =>
      [...uris].map(([uri, state]) => ({
        server,
        uri,
        ...(state.changedAt !== undefined ? { changedAt: state.changedAt } : {}),
      })),
    );
  }

  /** Whether any resource of this server is watched (it is then never stopped as idle). */
  watches(server: string): boolean {
    return (this.watched.get(server)?.size ?? 0) > 0;
  }

  async subscribe(server: string, uri: string): Promise<void> {
    const session = (await this.options.mcp.use(server)).ready();
    if (!session.info?.capabilities.resources?.subscribe) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('resources.noSubscriptions', { server }),
      );
    }
    this.bind(server, session);
    await session.subscribeResource(uri);
    const uris = this.watched.get(server) ?? new Map<string, { changedAt?: number }>();
    uris.set(uri, uris.get(uri) ?? {});
    this.watched.set(server, uris);
    await this.save();
  }

  async unsubscribe(server: string, uri: string): Promise<void> {
    const uris = this.watched.get(server);
    if (!uris?.delete(uri)) return;
    if (uris.size === 0) this.watched.delete(server);
    await this.save();
    const supervisor = this.options.mcp.registry.get(server);
    if (supervisor?.status.kind !== 'ready') return;
    // Best effort: we stop listening either way, a server that fails here only wastes a message.
    await supervisor
      .ready()
      .unsubscribeResource(uri)
      .catch((error: unknown) => this.options.log.warn('unsubscribe failed', { server, error }));
  }

  async dispose(): Promise<void> {
    this.offRegistry?.();
    for (const { off } of this.bound.values()) off();
    this.bound.clear();
    await this.writing;
  }

  /** After a (re)start, a server's fresh session gets the subscriptions again. */
  private sync(): void {
    for (const [server, uris] of this.watched) {
      const supervisor = this.options.mcp.registry.get(server);
      if (supervisor?.status.kind === 'remembered' && !this.woken.has(server)) {
        // A watched resource keeps its server in use: one that waits to be needed starts.
        this.woken.add(server);
        this.options.mcp.wake(server);
      }
      if (supervisor?.status.kind !== 'ready') continue;
      const session = supervisor.ready();
      if (this.bound.get(server)?.session === session) continue;
      this.bind(server, session);
      for (const uri of uris.keys()) {
        session.subscribeResource(uri).catch((error: unknown) => {
          this.options.log.warn('re-subscribing a resource failed', { server, uri, error });
        });
      }
    }
  }

  private bind(server: string, session: McpSession): void {
    const current = this.bound.get(server);
    if (current?.session === session) return;
    current?.off();
    const off = session.onResourceUpdated((uri) => {
      const state = this.watched.get(server)?.get(uri);
      if (!state) return;
      state.changedAt = this.now();
      this.options.events.emit('mcp.resourceUpdated', { server, uri, at: state.changedAt });
    });
    this.bound.set(server, { session, off });
  }

  private async load(): Promise<void> {
    const { file } = this.options;
    if (!file) return;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return;
    }
    const parsed = fileSchema.safeParse(safeJson(text));
    if (!parsed.success) {
      this.options.log.warn('ignoring an unreadable subscriptions file', { file });
      return;
    }
    for (const { server, uri } of parsed.data.subscriptions) {
      const uris = this.watched.get(server) ?? new Map<string, { changedAt?: number }>();
      uris.set(uri, {});
      this.watched.set(server, uris);
    }
  }

  private save(): Promise<void> {
    const { file } = this.options;
    if (!file) return Promise.resolve();
    const body = JSON.stringify(
      { version: 1, subscriptions: this.list().map(({ server, uri }) => ({ server, uri })) },
      null,
      2,
    );
    // Queued: two quick changes cannot land in the wrong order.
    const write = this.writing.then(() => writeFileAtomic(file, `${body}\n`, 0o600));
    this.writing = write.catch((error: unknown) =>
      this.options.log.warn('could not save subscriptions', { error }),
    );
    return write;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
