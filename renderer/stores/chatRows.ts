import type { TurnError } from '../../shared/domain/conversationEvents';
import { isRunning, type ChatMessage, type ChatModel, type RetryNotice } from './chatModel';

/** What shows under the last message about the turn itself. */
export type TurnFooter =
  /** `model`: the running turn's model ref, once it said. */
  | { kind: 'thinking'; model?: string }
  | { kind: 'retrying'; notice: RetryNotice }
  /** The turn failed and no reply carries the error (it failed before any text). */
  | { kind: 'failed'; error: TurnError }
  | { kind: 'maxSteps'; maxSteps: number; model?: string }
  | { kind: 'maxTokens' }
  | { kind: 'refusal'; model?: string };

/** One row of the virtualized message list. */
export type ChatRow =
  | {
      kind: 'message';
      key: string;
      message: ChatMessage;
      /** The newest reply: it offers Retry once the turn is over. */
      lastReply: boolean;
      /** A reply that another reply follows directly: it was continued (Continue). */
      continued: boolean;
      /** A stored message of the person's, which can be edited and sent again. */
      editable: boolean;
    }
  | { kind: 'footer'; key: 'footer'; footer: TurnFooter };

/** Not only white space; tested without copying the text (thousands of messages per render). */
const SHOWS = /\S/;

/** Messages that show: the person's words and images, and replies with anything to show. */
export function isVisible(message: ChatMessage): boolean {
  if (message.role === 'user') {
    return message.content.some(
      (b) => (b.type === 'text' && SHOWS.test(b.text)) || b.type === 'image',
    );
  }
  if (message.status !== 'complete') return true;
  return message.content.some(
    (b) => (b.type === 'text' && SHOWS.test(b.text)) || b.type === 'tool_use',
  );
}

/** Every message in order: stored, then the running turn's, then the one being sent. */
export function allMessages(model: ChatModel): ChatMessage[] {
  const list = [...model.messages];
  if (model.live) {
    list.push(...model.live.added);
    if (model.live.draft) list.push(model.live.draft);
  }
  if (model.outgoing) list.push(model.outgoing);
  return list;
}

/** The rows the chat shows, derived from the model (stable keys for the virtualizer). */
export function chatRows(model: ChatModel): ChatRow[] {
  const running = isRunning(model);
  const messages = allMessages(model).filter(isVisible);
  const last = messages.at(-1);
  const keys = new Set<string>();
  const rows: ChatRow[] = messages.map((message, index) => ({
    kind: 'message',
    key: uniqueKey(rowKey(message), message.id, keys),
    message,
    lastReply: !running && message === last && message.role === 'assistant',
    continued: message.role === 'assistant' && messages[index + 1]?.role === 'assistant',
    editable: !running && message.role === 'user' && !message.live && message.ordinal >= 0,
  }));
  const footer = turnFooter(model, running, last);
  if (footer) rows.push({ kind: 'footer', key: 'footer', footer });
  return rows;
}

/**
 * A message's row key. A reply that calls tools is keyed by its first call's id, which it has
 * from the moment the call streams in and keeps when the turn is read back from the store (where
 * the message gets its stored id): the row, its tool cards and their Apps stay mounted, so an
 * App does not start again, losing what the person did in it, when its turn ends.
 */
export function rowKey(message: ChatMessage): string {
  if (message.role === 'assistant') {
    const call = message.content.find((block) => block.type === 'tool_use');
    if (call) return `call:${call.id}`;
  }
  return message.id;
}

/** `key`, or the message's own id when another row has it already (keys must be unique). */
function uniqueKey(key: string, id: string, taken: Set<string>): string {
  const chosen = taken.has(key) ? id : key;
  taken.add(chosen);
  return chosen;
}

function turnFooter(
  model: ChatModel,
  running: boolean,
  last: ChatMessage | undefined,
): TurnFooter | null {
  const live = model.live;
  const writer = live?.model ? { model: live.model } : {};
  if (running) {
    if (live?.retry) return { kind: 'retrying', notice: live.retry };
    if (live?.draft) return null;
    const lastAdded = live?.added.at(-1);
    // Waiting for the model: nothing streams yet and no tool call is what it waits on.
    return !lastAdded || lastAdded.role === 'user' ? { kind: 'thinking', ...writer } : null;
  }
  const stop = model.lastStop?.stop;
  if (!stop) return null;
  if (stop.reason === 'failed') {
    const shown = last?.role === 'assistant' && last.status === 'failed';
    return shown ? null : { kind: 'failed', error: stop.error };
  }
  if (stop.reason === 'max_steps') {
    return { kind: 'maxSteps', maxSteps: stop.maxSteps, ...writer };
  }
  if (stop.reason === 'end_turn' && stop.modelStopReason === 'max_tokens')
    return { kind: 'maxTokens' };
  if (stop.reason === 'end_turn' && stop.modelStopReason === 'refusal') {
    return { kind: 'refusal', ...writer };
  }
  return null;
}
