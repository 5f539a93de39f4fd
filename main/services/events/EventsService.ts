import { randomUUID } from 'node:crypto';
import type {
  EventCard,
  EventSubscriptionView,
  EventTypeView,
  SubscribeInput,
} from '../../../shared/domain/mcpEvents';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { formatHostText, hostText } from '../../../shared/text/hostText';
import type { Logger } from '../../platform/Logger';
import type { HostEvents } from '../base/HostEvents';
import type { McpService } from '../mcp/McpService';
import type { McpSession } from '../mcp/session/McpSession';
import { occurrenceSchema } from '../mcp/session/events/eventsWire';
import { systemClock, type Clock } from './Clock';
import { eventTurnText } from './eventPrompt';
import { CARDS_KEPT, EventsStore, SEEN_IDS_KEPT, type StoredSubscription } from './EventsStore';
import { SchemaChecks } from './payloadCheck';
import { SubscriptionRunner } from './SubscriptionRunner';

/** What event-started turns need from conversations. */
export interface EventTurns {
  /** Whether the conversation exists (a subscription needs one). */
  exists(conversationId: string): boolean;
  /**
   * Starts a turn with `text` once the conversation is idle. Its tool calls go through the same
   * approvals as any turn: nothing runs unattended that would otherwise ask.
   */
  start(conversationId: string, text: string): Promise<void>;
}

export interface EventsServiceOptions {
  mcp: McpService;
  events: HostEvents;
  log: Logger;
  dataDir: string;
  turns?: EventTurns;
  clock?: Clock;
  /** Test knobs: the poll floor (SEP default 1 s) and the assumed heartbeat interval. */
  minPollMs?: number;
  heartbeatMs?: number;
}

/** Largest payload kept on a card (the card shows it whole; a model gets a capped part). */
const MAX_STORED_PAYLOAD = 1_000_000;

interface Live {
  session: McpSession;
  runner: SubscriptionRunner;
  payloadSchema?: Record<string, unknown>;
  offListChanged?: () => void;
}

/**
 * MCP Events on the host: the person's subscriptions (owned and stored here, surviving restarts
 * and reconnects), delivery per subscription while its server is up (push when offered, poll
 * otherwise, resumed from the stored cursor), de-duplication by event id, cards with an unseen
 * count, and turns started by events. Payloads are untrusted data throughout.
 */
export class EventsService {
  private readonly store: EventsStore;
  private readonly checks = new SchemaChecks();
  private readonly clock: Clock;
  private subs = new Map<string, StoredSubscription>();
  private cards: EventCard[] = [];
  private readonly live = new Map<string, Live>();
  private readonly states = new Map<
    string,
    { state: EventSubscriptionView['state']; note?: string }
  >();
  private readonly turnQueues = new Map<string, Promise<void>>();
  private offRegistry: (() => void) | undefined;
  private offHostEvents: (() => void) | undefined;
  private disposed = false;

  constructor(private readonly options: EventsServiceOptions) {
    this.store = new EventsStore(options.dataDir, options.log);
    this.clock = options.clock ?? systemClock;
  }

  /** Loads the subscriptions and follows servers as they come and go. */
  async start(): Promise<void> {
    const loaded = await this.store.load();
    this.subs = new Map(loaded.subscriptions.map((s) => [s.id, s]));
    this.cards = loaded.cards;
    this.offRegistry = this.options.mcp.registry.onDidChange(() => this.sync());
    // A deleted conversation takes its subscriptions and cards with it.
    this.offHostEvents = this.options.events.subscribe((name, payload) => {
      if (name === 'conversation.deleted') this.forgetConversation((payload as { id: string }).id);
    });
    this.sync();
  }

  private forgetConversation(conversationId: string): void {
    const gone = [...this.subs.values()].filter((s) => s.conversationId === conversationId);
    for (const sub of gone) {
      this.stopLive(sub.id);
      this.subs.delete(sub.id);
      this.states.delete(sub.id);
    }
    const before = this.cards.length;
    this.cards = this.cards.filter((c) => c.conversationId !== conversationId);
    if (gone.length > 0) this.saveSubs();
    if (this.cards.length !== before) this.saveCards();
    if (gone.length > 0) this.subscriptionsChanged();
  }

  /**
   * Whether `server` has subscriptions that want delivery: such a server is needed even when no
   * conversation uses it (servers started on demand keep it running for them).
   */
  hasActiveSubscriptions(server: string): boolean {
    return [...this.subs.values()].some((s) => s.server === server && !s.ended);
  }

  /** A server's event types; empty when it declares no Events support. */
  async listTypes(server: string): Promise<EventTypeView[]> {
    const session = await this.readySession(server);
    if (!session.eventsCapability) return [];
    const types = await session.eventsClient().list();
    return types.map((t) => ({
      server,
      name: t.name,
      delivery: t.delivery,
      ...(t.description !== undefined ? { description: t.description } : {}),
      ...(t.inputSchema ? { inputSchema: t.inputSchema } : {}),
      ...(t.payloadSchema ? { payloadSchema: t.payloadSchema } : {}),
    }));
  }

  async subscribe(input: SubscribeInput): Promise<EventSubscriptionView> {
    if (this.options.turns && !this.options.turns.exists(input.conversationId)) {
      throw new AppError(AppErrorCode.NotFound, hostText('events.noConversation'));
    }
    if (input.action === 'turn' && !input.template?.trim()) {
      throw new AppError(AppErrorCode.Validation, hostText('events.templateRequired'));
    }
    const types = await this.listTypes(input.server);
    const type = types.find((t) => t.name === input.type);
    if (!type) {
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('events.noSuchType', { server: input.server, type: input.type }),
      );
    }
    const mode = type.delivery.includes('push')
      ? 'push'
      : type.delivery.includes('poll')
        ? 'poll'
        : undefined;
    if (!mode) {
      throw new AppError(
        AppErrorCode.Unsupported,
        hostText('events.noDelivery', { type: input.type }),
      );
    }
    const problems = this.checks.problems(type.inputSchema, input.arguments);
    if (problems.length > 0) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('events.badArguments', { problems: problems.join('; ') }),
        { problems },
      );
    }
    const sub: StoredSubscription = {
      id: randomUUID(),
      server: input.server,
      type: input.type,
      arguments: input.arguments,
      conversationId: input.conversationId,
      action: input.action,
      ...(input.action === 'turn' && input.template ? { template: input.template } : {}),
      mode,
      createdAt: this.clock.now(),
      cursor: null,
      seenIds: [],
    };
    this.subs.set(sub.id, sub);
    this.saveSubs();
    this.sync();
    this.subscriptionsChanged();
    return this.view(sub);
  }

  async unsubscribe(id: string): Promise<void> {
    const sub = this.subs.get(id);
    if (!sub) throw new AppError(AppErrorCode.NotFound, hostText('events.noSubscription'));
    this.stopLive(id);
    this.subs.delete(id);
    this.states.delete(id);
    this.saveSubs();
    this.subscriptionsChanged();
    await this.store.flush();
  }

  subscriptions(conversationId?: string): EventSubscriptionView[] {
    return [...this.subs.values()]
      .filter((s) => conversationId === undefined || s.conversationId === conversationId)
      .map((s) => this.view(s));
  }

  cardsFor(conversationId?: string): EventCard[] {
    return this.cards.filter(
      (c) => conversationId === undefined || c.conversationId === conversationId,
    );
  }

  unseen(): number {
    return this.cards.filter((c) => !c.seen).length;
  }

  markSeen(conversationId: string): number {
    const changed = this.cards.some((c) => c.conversationId === conversationId && !c.seen);
    this.cards = this.cards.map((c) =>
      c.conversationId === conversationId && !c.seen ? { ...c, seen: true } : c,
    );
    const unseen = this.unseen();
    if (changed) {
      this.saveCards();
      this.options.events.emit('events.seenChanged', { conversationId, unseen });
    }
    return unseen;
  }

  /** Stops every delivery and writes what is pending; subscriptions stay for the next start. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.offRegistry?.();
    this.offHostEvents?.();
    for (const id of [...this.live.keys()]) this.stopLive(id);
    await this.store.flush();
  }

  /** Starts delivery for subscriptions whose server is up; stops it where the session ended. */
  private sync(): void {
    if (this.disposed) return;
    for (const [id, live] of this.live) {
      const sub = this.subs.get(id);
      const supervisor = sub ? this.options.mcp.registry.get(sub.server) : undefined;
      if (!sub || supervisor?.status.kind !== 'ready' || supervisor.ready() !== live.session) {
        this.stopLive(id);
      }
    }
    for (const sub of this.subs.values()) {
      if (sub.ended || this.live.has(sub.id)) continue;
      const supervisor = this.options.mcp.registry.get(sub.server);
      if (!supervisor) continue;
      if (supervisor.status.kind !== 'ready') {
        this.setState(sub.id, 'waiting', formatHostText(hostText('events.serverDown')));
        // A subscription needs its server: one that waits to be needed (remembered from an
        // earlier run, or stopped) starts, through its lock like every other use.
        this.options.mcp.need(sub.server);
        continue;
      }
      this.startLive(sub, supervisor.ready());
    }
  }

  private startLive(sub: StoredSubscription, session: McpSession): void {
    if (!session.eventsCapability) {
      this.setState(
        sub.id,
        'failing',
        formatHostText(hostText('events.notOffered', { server: sub.server })),
      );
      return;
    }
    const client = session.eventsClient();
    const runner = new SubscriptionRunner({
      client,
      type: sub.type,
      arguments: sub.arguments,
      mode: sub.mode,
      clock: this.clock,
      ...(this.options.minPollMs !== undefined ? { minPollMs: this.options.minPollMs } : {}),
      ...(this.options.heartbeatMs !== undefined ? { heartbeatMs: this.options.heartbeatMs } : {}),
      sink: {
        cursor: () => this.subs.get(sub.id)?.cursor ?? null,
        setCursor: (cursor) => this.setCursor(sub.id, cursor),
        occurrence: (raw) => this.receive(sub.id, raw),
        gap: () => this.addGap(sub.id),
        state: (state, note) => this.setState(sub.id, state, note),
        ended: (note) => this.end(sub.id, note),
      },
    });
    const live: Live = { session, runner };
    this.live.set(sub.id, live);
    // The payload schema, for checking what arrives (best effort: delivery does not wait), read
    // again when the server says its event types changed (`notifications/events/list_changed`).
    const readSchema = (): Promise<void> =>
      client
        .list()
        .then((types) => {
          const type = types.find((t) => t.name === sub.type);
          if (type?.payloadSchema) live.payloadSchema = type.payloadSchema;
        })
        .catch((error: unknown) => this.options.log.warn('events/list failed', { error }));
    live.offListChanged = client.onListChanged(() => void readSchema());
    void readSchema().finally(() => {
      if (this.live.get(sub.id) === live) runner.start();
    });
  }

  private stopLive(id: string): void {
    const live = this.live.get(id);
    if (!live) return;
    this.live.delete(id);
    live.offListChanged?.();
    live.runner.stop();
  }

  private setCursor(id: string, cursor: string | null): void {
    const sub = this.subs.get(id);
    if (!sub || sub.cursor === cursor) return;
    sub.cursor = cursor;
    this.saveSubs();
  }

  private receive(id: string, raw: unknown): void {
    const sub = this.subs.get(id);
    if (!sub) return;
    const parsed = occurrenceSchema.safeParse(raw);
    if (!parsed.success || parsed.data.name !== sub.type) {
      this.options.log.warn('dropped a malformed event', { server: sub.server, type: sub.type });
      return;
    }
    const occurrence = parsed.data;
    if (sub.seenIds.includes(occurrence.eventId)) return;
    sub.seenIds = [...sub.seenIds, occurrence.eventId].slice(-SEEN_IDS_KEPT);
    this.saveSubs();
    const schema = this.live.get(id)?.payloadSchema;
    const problems =
      typeof occurrence.data === 'object' &&
      occurrence.data !== null &&
      !Array.isArray(occurrence.data)
        ? this.checks.problems(schema, occurrence.data)
        : ['/ must be object'];
    const text = JSON.stringify(occurrence.data ?? null, null, 2);
    const card: EventCard = {
      id: randomUUID(),
      subscriptionId: id,
      conversationId: sub.conversationId,
      server: sub.server,
      type: sub.type,
      kind: 'event',
      eventId: occurrence.eventId,
      timestamp: occurrence.timestamp,
      receivedAt: this.clock.now(),
      payload: text.length > MAX_STORED_PAYLOAD ? text.slice(0, MAX_STORED_PAYLOAD) : text,
      payloadBytes: Buffer.byteLength(text),
      ...(problems.length > 0 ? { problems } : {}),
      ...(sub.action === 'turn' && problems.length === 0 && this.options.turns
        ? { startedTurn: true }
        : {}),
      seen: false,
    };
    this.addCard(card);
    if (card.startedTurn && sub.template)
      this.startTurn(sub.conversationId, eventTurnText(sub.template, card));
  }

  private addGap(id: string): void {
    const sub = this.subs.get(id);
    if (!sub) return;
    this.addCard({
      id: randomUUID(),
      subscriptionId: id,
      conversationId: sub.conversationId,
      server: sub.server,
      type: sub.type,
      kind: 'gap',
      receivedAt: this.clock.now(),
      seen: false,
    });
  }

  private addCard(card: EventCard): void {
    this.cards = [...this.cards, card].slice(-CARDS_KEPT);
    this.saveCards();
    this.options.events.emit('events.received', { card, unseen: this.unseen() });
  }

  /** One turn at a time per conversation, each after the running one (the person's too). */
  private startTurn(conversationId: string, text: string): void {
    const turns = this.options.turns;
    if (!turns) return;
    const previous = this.turnQueues.get(conversationId) ?? Promise.resolve();
    const next = previous
      .then(() => turns.start(conversationId, text))
      .catch((error: unknown) => this.options.log.warn('event turn not started', { error }));
    this.turnQueues.set(conversationId, next);
  }

  private end(id: string, note: string): void {
    const sub = this.subs.get(id);
    if (!sub) return;
    sub.ended = note;
    this.stopLive(id);
    this.saveSubs();
    this.setState(
      id,
      'ended',
      formatHostText(hostText('events.ended', { text: hostText('foreign', { text: note }) })),
    );
  }

  private setState(id: string, state: EventSubscriptionView['state'], note?: string): void {
    const current = this.states.get(id);
    if (current?.state === state && current.note === note) return;
    this.states.set(id, { state, ...(note !== undefined ? { note } : {}) });
    this.subscriptionsChanged();
  }

  private view(sub: StoredSubscription): EventSubscriptionView {
    const status = sub.ended
      ? { state: 'ended' as const, note: sub.ended }
      : (this.states.get(sub.id) ?? { state: 'waiting' as const });
    return {
      id: sub.id,
      server: sub.server,
      type: sub.type,
      arguments: sub.arguments,
      conversationId: sub.conversationId,
      action: sub.action,
      ...(sub.template !== undefined ? { template: sub.template } : {}),
      mode: sub.mode,
      state: status.state,
      ...(status.note !== undefined ? { note: status.note } : {}),
      createdAt: sub.createdAt,
    };
  }

  private subscriptionsChanged(): void {
    if (this.disposed) return;
    this.options.events.emit('events.subscriptionsChanged', {
      subscriptions: this.subscriptions(),
    });
  }

  private async readySession(server: string): Promise<McpSession> {
    // Started first if it waits to be needed; rejects with why it cannot be used.
    const supervisor = await this.options.mcp.use(server);
    return supervisor.ready();
  }

  private saveSubs(): void {
    this.store.save('subscriptions', () => this.snapshot());
  }

  private saveCards(): void {
    this.store.save('cards', () => this.snapshot());
  }

  private snapshot(): { subscriptions: StoredSubscription[]; cards: EventCard[] } {
    return { subscriptions: [...this.subs.values()], cards: this.cards };
  }
}
