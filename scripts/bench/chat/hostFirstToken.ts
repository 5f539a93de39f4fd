import type { ConversationEvent } from '../../../shared/domain/conversationEvents';
import type { EventPayload } from '../../../shared/ipc/contract';
import type { HostCore } from '../../../main/services/createHostCore';
import type { FirstTokenTiming } from './FirstTokenTiming';

const TIMEOUT_MS = 30_000;

/**
 * One turn through the host, timed from `ConversationService.send` to the first `textDelta` on
 * the host's `conversation.streamed` events (what every window receives). Without a
 * `conversationId` the turn gets a new conversation (an empty history; as its first message it
 * also gets its title, as in the app); with one it continues that conversation. Resolves once
 * the turn has ended, so the next measurement starts on a quiet host; rejects unless it ended
 * normally.
 */
export async function hostFirstToken(
  core: HostCore,
  text: string,
  options: {
    /** Continue this conversation rather than a new one. */
    conversationId?: string;
    model?: string;
    /** Called on the conversation before the turn starts (not timed). */
    prepare?: (conversationId: string) => void;
  } = {},
): Promise<FirstTokenTiming> {
  const id = options.conversationId ?? core.conversations.create().id;
  options.prepare?.(id);
  let firstAt: number | undefined;
  let unsubscribe = (): void => undefined;
  const finished = new Promise<ConversationEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('host turn did not finish')), TIMEOUT_MS);
    const off = core.events.subscribe((name, payload) => {
      if (name !== 'conversation.streamed') return;
      const { event } = payload as EventPayload<'conversation.streamed'>;
      if (event.conversationId !== id) return;
      // A window's event sink is a subscriber just like this one: it would see the delta now.
      if (event.type === 'textDelta') firstAt ??= performance.now();
      else if (event.type === 'turnFinished') {
        clearTimeout(timer);
        resolve(event);
      }
    });
    unsubscribe = () => {
      clearTimeout(timer);
      off();
    };
  });
  const started = performance.now();
  try {
    core.conversations.send(id, text, options.model);
    const end = await finished;
    if (end.type !== 'turnFinished' || end.stop.reason !== 'end_turn') {
      throw new Error(`host turn ended badly: ${JSON.stringify(end)}`);
    }
    // The service lets go of the turn just after its last event; the next send must find it idle.
    await core.conversations.settled(id);
    // A new conversation's first exchange also asks the model for its title: that request must
    // be done before the next measurement (the bare side makes none).
    await core.conversations.titlesWritten();
  } finally {
    unsubscribe();
  }
  if (firstAt === undefined) throw new Error('host turn streamed no text');
  return { started, firstToken: firstAt };
}
