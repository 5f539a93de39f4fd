import type { ConversationEvent } from '../../../shared/domain/conversationEvents';
import type { ConversationToolSearch } from '../../../shared/domain/toolSearch';
import type { ConversationSummary } from '../../../shared/domain/conversationViews';
import type { ShellSocket } from '../ShellSocket';
import type { FirstTokenTiming } from './FirstTokenTiming';

const TIMEOUT_MS = 30_000;

/** How a turn over the socket is sent. */
export interface SocketTurnOptions {
  /** Continue this conversation; without one the turn gets a new (empty) conversation. */
  conversationId?: string;
  /** `conversation.send`'s model (the conversation's or the default one when absent). */
  model?: string;
  /** A new conversation's own tool search choice. */
  toolSearch?: ConversationToolSearch;
  /**
   * The title the fake gives a new conversation (scripted by the caller): the turn counts as
   * over once the conversation carries it, so the next measurement starts on a quiet host.
   */
  title?: string;
}

/**
 * One turn through the web shell's socket, as a window sends it: `conversation.send` → the
 * first `textDelta` among the `conversation.streamed` event frames (parsed in this process,
 * as the window's bridge parses them). Resolves once the host has let go of the turn (a
 * `conversation.updated` that is no longer running, carrying `title` for a new conversation);
 * rejects unless the turn ended normally.
 */
export async function socketFirstToken(
  socket: ShellSocket,
  text: string,
  options: SocketTurnOptions = {},
): Promise<FirstTokenTiming> {
  const id =
    options.conversationId ??
    (
      (await socket.value(
        'conversation.create',
        options.toolSearch ? { toolSearch: options.toolSearch } : {},
      )) as ConversationSummary
    ).id;
  let firstAt: number | undefined;
  let end: ConversationEvent | undefined;
  let unsubscribe = (): void => undefined;
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket turn did not finish')), TIMEOUT_MS);
    const off = socket.onEvent((name, payload) => {
      if (name === 'conversation.streamed') {
        const { event } = payload as { event: ConversationEvent };
        if (event.conversationId !== id) return;
        if (event.type === 'textDelta') firstAt ??= performance.now();
        else if (event.type === 'turnFinished') end = event;
      } else if (name === 'conversation.updated' && end) {
        const { conversation } = payload as { conversation: ConversationSummary };
        if (conversation.id !== id || conversation.running) return;
        if (options.conversationId === undefined && options.title !== undefined) {
          if (conversation.title !== options.title) return;
        }
        resolve();
      }
    });
    unsubscribe = () => {
      clearTimeout(timer);
      off();
    };
  });
  const started = performance.now();
  try {
    await socket.value('conversation.send', {
      conversationId: id,
      text,
      ...(options.model ? { model: options.model } : {}),
    });
    await done;
  } finally {
    unsubscribe();
  }
  if (end?.type !== 'turnFinished' || end.stop.reason !== 'end_turn') {
    throw new Error(`socket turn ended badly: ${JSON.stringify(end)}`);
  }
  if (firstAt === undefined) throw new Error('socket turn streamed no text');
  return { started, firstToken: firstAt };
}
