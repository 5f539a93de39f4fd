import { randomUUID } from 'node:crypto';
import type { ConversationSummary } from '../../../shared/domain/conversationViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import { keptAttachmentBlocks, userContent } from '../resources/userContent';
import type { ConversationStore } from '../store/ConversationStore';
import type { MessageRecord, StoredContentBlock } from '../store/MessageRecord';
import { cutReply } from './continueReply';
import type { ConversationTurns } from './ConversationTurns';

/** What branching a conversation needs from the service around it. */
export interface ConversationBranchesDeps {
  store: ConversationStore;
  turns: ConversationTurns;
  /** Messages of the conversation are about to be deleted or set aside: forget what is kept. */
  forgetMessages: (conversationId: string) => void;
  /** `model` as a ref to store, once its provider is known to exist (NOT_FOUND otherwise). */
  checkedModel: (model: string) => string;
}

/**
 * Turns that start from an earlier point than the newest message: a retry, a continued cut
 * reply, an edited message (the old version stays as another branch), switching branches, and
 * a late result added on the user's side.
 */
export class ConversationBranches {
  constructor(private readonly deps: ConversationBranchesDeps) {}

  /** Runs the last turn again: what followed the person's last message is replaced. */
  retry(conversationId: string, model?: string): { turnId: string } {
    const { store, turns } = this.deps;
    turns.assertIdle(conversationId);
    const lastUser = findLastPersonMessage(store, conversationId);
    if (!lastUser)
      throw new AppError(AppErrorCode.Validation, hostText('conversation.nothingToRetry'));
    const chosen = model === undefined ? undefined : this.deps.checkedModel(model);
    this.deps.forgetMessages(conversationId);
    store.deleteMessagesFrom(conversationId, lastUser.ordinal + 1);
    if (chosen) store.updateConversation(conversationId, { model: chosen });
    return turns.start(conversationId, lastUser.turnId ?? randomUUID());
  }

  /**
   * Goes on with the newest reply, which was cut off (a failure, a stop, a crash): it stays as
   * it is, and the model is asked to continue from where it ended (see continueReply).
   */
  continue(conversationId: string, model?: string): { turnId: string } {
    const { store, turns } = this.deps;
    turns.assertIdle(conversationId);
    // Only the newest message can be a cut reply.
    const partial = cutReply(store.listMessages(conversationId, { limit: 1 }).messages);
    if (!partial) {
      throw new AppError(AppErrorCode.Validation, hostText('conversation.nothingToContinue'));
    }
    const chosen = model === undefined ? undefined : this.deps.checkedModel(model);
    if (chosen) store.updateConversation(conversationId, { model: chosen });
    return turns.start(conversationId, partial.turnId ?? randomUUID(), undefined, {
      continuing: true,
    });
  }

  /**
   * Sends a new version of a message of the person's and runs a turn. The old version and
   * everything after it stay as another branch (see {@link switchBranch}).
   */
  edit(conversationId: string, messageId: string, text: string): { turnId: string } {
    const { store, turns } = this.deps;
    turns.assertIdle(conversationId);
    const message = store.getMessage(messageId);
    if (!message || message.conversationId !== conversationId || message.role !== 'user') {
      throw new AppError(AppErrorCode.Validation, hostText('conversation.editOwnOnly'));
    }
    this.deps.forgetMessages(conversationId);
    store.setAsideMessagesFrom(conversationId, message.ordinal);
    const turnId = randomUUID();
    // What was attached stays attached; only the person's words change.
    const kept = message.attachments?.length ? keptAttachmentBlocks(message.content) : [];
    store.appendMessage(conversationId, {
      role: 'user',
      content: userContent(text, kept),
      turnId,
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    });
    return turns.start(conversationId, turnId);
  }

  /**
   * Adds `content` as the next message on the person's side (a task's result that arrived after
   * its turn ended) and runs a turn on it, so the model goes on with it.
   */
  continueWith(conversationId: string, content: StoredContentBlock[]): { turnId: string } {
    const { store, turns } = this.deps;
    turns.assertIdle(conversationId);
    const turnId = randomUUID();
    store.appendMessage(conversationId, { role: 'user', content, turnId });
    return turns.start(conversationId, turnId);
  }

  /** Shows the previous (-1) or next (1) version of an edited message and what followed it. */
  switchBranch(conversationId: string, messageId: string, step: -1 | 1): ConversationSummary {
    const { store, turns } = this.deps;
    turns.assertIdle(conversationId);
    const message = store.getMessage(messageId);
    if (message?.conversationId !== conversationId) {
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('conversation.messageNotFound', { id: messageId }),
      );
    }
    this.deps.forgetMessages(conversationId);
    store.switchBranch(messageId, step);
    return turns.updated(conversationId);
  }
}

/** The person's last own message (not a tool result carrier), read from the newest back. */
function findLastPersonMessage(
  store: ConversationStore,
  conversationId: string,
): MessageRecord | undefined {
  let before: number | undefined;
  for (;;) {
    const page = store.listMessages(conversationId, {
      ...(before !== undefined ? { beforeOrdinal: before } : {}),
      limit: 100,
    });
    const found = page.messages.findLast(
      (m) => m.role === 'user' && m.content.some((b) => b.type !== 'tool_result'),
    );
    if (found) return found;
    const oldest = page.messages[0];
    if (!page.hasMore || !oldest) return undefined;
    before = oldest.ordinal;
  }
}
