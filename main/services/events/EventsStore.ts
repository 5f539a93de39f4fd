import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  eventActionSchema,
  eventCardSchema,
  type EventCard,
} from '../../../shared/domain/mcpEvents';
import type { Logger } from '../../platform/Logger';
import { writeFileAtomic } from '../../platform/writeFileAtomic';

/** Event ids remembered per subscription for de-duplication (across restarts too). */
export const SEEN_IDS_KEPT = 1000;
/** Cards kept, oldest dropped first. */
export const CARDS_KEPT = 300;

const storedSubscriptionSchema = z.object({
  id: z.string(),
  server: z.string(),
  type: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  conversationId: z.string(),
  action: eventActionSchema,
  template: z.string().optional(),
  mode: z.enum(['poll', 'push']),
  createdAt: z.number(),
  /** Where delivery resumes; `null` = from now (never a replay of a null cursor). */
  cursor: z.string().nullable(),
  /** Set once the server ended it; it is not resumed. */
  ended: z.string().optional(),
  seenIds: z.array(z.string()),
});
export type StoredSubscription = z.infer<typeof storedSubscriptionSchema>;

const subscriptionsFileSchema = z.object({
  version: z.literal(1),
  subscriptions: z.array(storedSubscriptionSchema),
});
const cardsFileSchema = z.object({ version: z.literal(1), cards: z.array(eventCardSchema) });

/**
 * The host's own record of events, in `<data dir>/events/`: the subscriptions with their
 * cursors and recently seen event ids (so a restart resumes where it stopped and shows nothing
 * twice), and the cards received. Unreadable files are set aside as empty, with a warning.
 */
export class EventsStore {
  private readonly dir: string;
  private writing: Promise<unknown> = Promise.resolve();
  private dirty = new Set<'subscriptions' | 'cards'>();
  private scheduled = false;

  constructor(
    dataDir: string,
    private readonly log: Logger,
  ) {
    this.dir = join(dataDir, 'events');
  }

  async load(): Promise<{ subscriptions: StoredSubscription[]; cards: EventCard[] }> {
    const subs = subscriptionsFileSchema.safeParse(await this.read('subscriptions.json'));
    const cards = cardsFileSchema.safeParse(await this.read('cards.json'));
    return {
      subscriptions: subs.success ? subs.data.subscriptions : [],
      cards: cards.success ? cards.data.cards : [],
    };
  }

  /**
   * Writes soon, coalescing a burst (a backlog drained in one go makes one write of each file).
   * `flush` waits for it.
   */
  save(
    what: 'subscriptions' | 'cards',
    snapshot: () => { subscriptions: StoredSubscription[]; cards: EventCard[] },
  ): void {
    this.dirty.add(what);
    if (this.scheduled) return;
    this.scheduled = true;
    this.writing = this.writing.then(async () => {
      await Promise.resolve();
      this.scheduled = false;
      const dirty = this.dirty;
      this.dirty = new Set();
      const now = snapshot();
      if (dirty.has('subscriptions')) {
        await this.write('subscriptions.json', { version: 1, subscriptions: now.subscriptions });
      }
      if (dirty.has('cards')) await this.write('cards.json', { version: 1, cards: now.cards });
    });
    this.writing = this.writing.catch((error: unknown) =>
      this.log.warn('could not save events', { error }),
    );
  }

  /** Resolves once every queued write is on disk. */
  async flush(): Promise<void> {
    await this.writing;
  }

  private async read(name: string): Promise<unknown> {
    let text: string;
    try {
      text = await readFile(join(this.dir, name), 'utf8');
    } catch {
      return undefined;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      this.log.warn('ignoring an unreadable events file', { name });
      return undefined;
    }
  }

  private async write(name: string, body: unknown): Promise<void> {
    await writeFileAtomic(join(this.dir, name), `${JSON.stringify(body)}\n`, 0o600);
  }
}
