import type { MessageBlock } from '../../../shared/domain/conversationMessage';
import type { Logger } from '../../platform/Logger';
import type { ConversationStore } from '../store/ConversationStore';
import type { ResolvedModel } from '../models/ModelRegistry';
import { generateTitle } from './generateTitle';
import type { TurnResult } from './runTurn';

export interface ConversationNamerOptions {
  store: ConversationStore;
  /** The client and model a conversation's turns use (its own model, or the default). */
  resolve: (conversationModel: string | undefined) => ResolvedModel;
  /** A conversation got its title (windows are told). */
  renamed: (conversationId: string) => void;
  log: Logger;
}

/**
 * Names new conversations: after the first exchange the conversation's own model writes a
 * short title in the conversation's language, which replaces the provisional one (its first
 * words) — unless the person renamed it meanwhile. A failure keeps the provisional title.
 */
export class ConversationNamer {
  /** Titles being written; stopped and awaited on dispose. */
  private readonly jobs = new Map<Promise<void>, AbortController>();

  constructor(private readonly options: ConversationNamerOptions) {}

  name(conversationId: string, provisional: string, person: string, result: TurnResult): void {
    const { store, log } = this.options;
    const reply = result.messages
      .filter((m) => m.role === 'assistant' && Array.isArray(m.content))
      .flatMap((m) => (m.content as MessageBlock[]).filter((b) => b.type === 'text'))
      .map((b) => b.text)
      .join('\n');
    const abort = new AbortController();
    const job = (async () => {
      const { client, model } = this.options.resolve(
        store.findConversation(conversationId)?.model ?? undefined,
      );
      const title = await generateTitle(client, model, { person, reply }, abort.signal);
      const current = store.findConversation(conversationId);
      if (!title || current?.title !== provisional || title === provisional) return;
      store.renameConversation(conversationId, title);
      this.options.renamed(conversationId);
    })()
      .catch((error: unknown) => {
        if (!abort.signal.aborted) log.warn('the model could not name a conversation', { error });
      })
      .finally(() => this.jobs.delete(job));
    this.jobs.set(job, abort);
  }

  /** Resolves once every title being written is in place (or given up). */
  async idle(): Promise<void> {
    await Promise.all(this.jobs.keys());
  }

  async dispose(): Promise<void> {
    for (const abort of this.jobs.values()) abort.abort();
    await Promise.all(this.jobs.keys());
  }
}
