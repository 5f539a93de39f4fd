import type { TokenUsage, TurnError, TurnStop } from '../../shared/domain/conversationEvents';
import type { AttachmentView } from '../../shared/domain/attachments';
import type { MessageBlock } from '../../shared/domain/conversationMessage';
import type { MessageView, ToolCallView } from '../../shared/domain/conversationViews';
import type { ToolOutcome } from '../../shared/domain/toolOutcome';
import type { RequestOutput } from '../../shared/ipc/contract';

/** A message as the chat shows it: stored, or built from the running turn's events. */
export interface ChatMessage extends MessageView {
  /** Present on messages of a turn not yet read back from main (their ids are local). */
  live?: { turnId: string; step: number; partial: boolean };
}

/** A tool call card: main's view of the call plus what the stream told us about it. */
export interface ToolCard extends ToolCallView {
  /** The result as the stream carried it (a bounded preview of the full result). */
  outcome?: ToolOutcome;
  /** The approval request this call waits for, when one was matched to it. */
  requestId?: string;
  /** The input as far as the model has written it (JSON text, not yet complete). */
  partialInput?: string;
}

/** "Rate limited — retrying in 3 s": the request failed before anything streamed. */
export interface RetryNotice {
  attempt: number;
  delayMs: number;
  /** When main scheduled the retry (epoch ms); the next attempt is at `at + delayMs`. */
  at: number;
  reason: TurnError;
}

/** The turn running in the open conversation, folded from its events. */
export interface LiveTurn {
  turnId: string;
  lastSeq: number;
  model?: string;
  /** Messages the turn added, in order: the person's, replies, tool-result carriers. */
  added: ChatMessage[];
  /** The reply of the current step while it streams. */
  draft: ChatMessage | null;
  /** Token usage by step, for replies whose message has not arrived yet. */
  usage: Record<number, TokenUsage>;
  retry: RetryNotice | null;
  /** Set when the turn finished; the stored messages are read back after that. */
  stop: TurnStop | null;
}

/** The open conversation as the chat view needs it. */
export interface ChatModel {
  /** Null for a new chat that has no conversation yet (it is created on the first send). */
  conversationId: string | null;
  /** Stored messages, oldest first. */
  messages: ChatMessage[];
  /** Older messages exist before the first one loaded. */
  hasMore: boolean;
  toolCalls: Record<string, ToolCard>;
  live: LiveTurn | null;
  /** The person's message between pressing Send and the turn's first event. */
  outgoing: ChatMessage | null;
  /** How the last turn seen here ended; kept after the read-back for errors no message shows. */
  lastStop: { turnId: string; stop: TurnStop } | null;
}

/** One `conversation.get` answer: a page of messages and their tool calls. */
export type ConversationPage = RequestOutput<'conversation.get'>;

/** No conversation open. */
export const emptyChatModel: ChatModel = {
  conversationId: null,
  messages: [],
  hasMore: false,
  toolCalls: {},
  live: null,
  outgoing: null,
  lastStop: null,
};

/** A fresh model for a conversation being opened (null: a new, empty chat). */
export function chatOpened(conversationId: string | null): ChatModel {
  return { ...emptyChatModel, conversationId };
}

/** True while a turn runs here or a message is on its way to start one. */
export function isRunning(model: ChatModel): boolean {
  return model.outgoing !== null || (model.live !== null && model.live.stop === null);
}

function mergeToolCalls(
  cards: Record<string, ToolCard>,
  views: readonly ToolCallView[],
): Record<string, ToolCard> {
  if (views.length === 0) return cards;
  const next = { ...cards };
  for (const view of views) {
    const known = next[view.toolUseId];
    // Main's view wins; the streamed preview stays, since stored views carry no result.
    next[view.toolUseId] = known
      ? {
          ...view,
          ...(known.outcome ? { outcome: known.outcome } : {}),
          ...(known.requestId ? { requestId: known.requestId } : {}),
        }
      : view;
  }
  return next;
}

/** The newest page of the conversation being opened. */
export function pageOpened(model: ChatModel, page: ConversationPage): ChatModel {
  if (model.conversationId !== page.conversation.id) return model;
  // A turn whose events arrived before this answer owns its streaming reply.
  const messages = model.live
    ? page.messages.filter((m) => m.status !== 'streaming')
    : page.messages;
  return {
    ...model,
    messages,
    hasMore: page.hasMore,
    toolCalls: mergeToolCalls(model.toolCalls, page.toolCalls),
  };
}

/** An older page, put before what is loaded (overlaps dropped by ordinal). */
export function olderPageArrived(model: ChatModel, page: ConversationPage): ChatModel {
  if (model.conversationId !== page.conversation.id) return model;
  const first = model.messages.find((m) => !m.live)?.ordinal ?? Number.POSITIVE_INFINITY;
  const older = page.messages.filter((m) => m.ordinal < first);
  return {
    ...model,
    messages: [...older, ...model.messages],
    hasMore: page.hasMore,
    toolCalls: mergeToolCalls(model.toolCalls, page.toolCalls),
  };
}

/**
 * The newest page read back after a turn finished: stored messages replace the turn's local
 * ones (now with real ids, statuses and errors). Ignored while another turn runs: its own end
 * reads back again, and a page taken mid-stream would duplicate what it shows.
 */
export function pageRefreshed(model: ChatModel, page: ConversationPage): ChatModel {
  if (model.conversationId !== page.conversation.id) return model;
  if (model.live && model.live.stop === null) return model;
  const first = page.messages[0]?.ordinal ?? Number.POSITIVE_INFINITY;
  const kept = page.hasMore ? model.messages.filter((m) => !m.live && m.ordinal < first) : [];
  return {
    ...model,
    messages: [...kept, ...page.messages],
    hasMore: kept.length > 0 ? model.hasMore : page.hasMore,
    toolCalls: mergeToolCalls(model.toolCalls, page.toolCalls),
    live: null,
  };
}

let outgoingCounter = 0;

/** The person pressed Send: their message shows at once, before main confirms it. */
export function messageSent(
  model: ChatModel,
  text: string,
  at: number,
  attachments: AttachmentView[] = [],
): ChatModel {
  const content: MessageBlock[] = text ? [{ type: 'text', text }] : [];
  const outgoing: ChatMessage = {
    id: `outgoing:${++outgoingCounter}`,
    ordinal: -1,
    role: 'user',
    content,
    status: 'complete',
    createdAt: at,
    ...(attachments.length > 0 ? { attachments } : {}),
  };
  return { ...settleLive(model), outgoing, lastStop: null };
}

/** Main refused the message: it leaves the chat (the composer gets the text back). */
export function sendFailed(model: ChatModel, outgoingId: string): ChatModel {
  if (model.outgoing?.id !== outgoingId) return model;
  return { ...model, outgoing: null };
}

/** The turn's id is known (main answered Send); its events may already have started it. */
export function sendAccepted(model: ChatModel, outgoingId: string, turnId: string): ChatModel {
  if (model.outgoing?.id !== outgoingId) return model;
  const outgoing = model.outgoing;
  const live = model.live;
  if (live?.turnId === turnId) {
    // Its events came first; the message joins the turn it started if it is not there yet.
    const added = live.added.some((m) => m.id === outgoing.id)
      ? live.added
      : [outgoing, ...live.added];
    return { ...model, live: { ...live, added }, outgoing: null };
  }
  return { ...model, live: newLiveTurn(turnId, [outgoing]), outgoing: null };
}

/** A finished turn not yet read back becomes part of the history as it is. */
export function settleLive(model: ChatModel): ChatModel {
  const live = model.live;
  if (!live || live.stop === null) return model;
  return { ...model, messages: [...model.messages, ...live.added], live: null };
}

/** Edit-and-resend: the edited message and everything after it go; the new text follows. */
export function editStarted(
  model: ChatModel,
  messageId: string,
  text: string,
  at: number,
): ChatModel {
  const settled = settleLive(model);
  const index = settled.messages.findIndex((m) => m.id === messageId);
  if (index === -1) return model;
  // Main keeps an edited message's attachments: so does the message shown meanwhile.
  const attachments = settled.messages[index]?.attachments ?? [];
  return messageSent(
    { ...settled, messages: settled.messages.slice(0, index) },
    text,
    at,
    attachments,
  );
}

/** Retry: the reply that failed, stopped or was interrupted makes way for the new one. */
export function retryStarted(model: ChatModel): ChatModel {
  const settled = settleLive(model);
  const last = settled.messages.at(-1);
  const replaced =
    last?.role === 'assistant' && ['failed', 'stopped', 'interrupted'].includes(last.status);
  return {
    ...settled,
    messages: replaced ? settled.messages.slice(0, -1) : settled.messages,
    lastStop: null,
  };
}

/** A new live turn, optionally starting with the person's message. */
export function newLiveTurn(turnId: string, added: ChatMessage[] = []): LiveTurn {
  return { turnId, lastSeq: -1, added, draft: null, usage: {}, retry: null, stop: null };
}
