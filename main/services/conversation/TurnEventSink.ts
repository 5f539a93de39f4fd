import type { ConversationEvent } from '../../../shared/domain/conversationEvents';
import type { Logger } from '../../platform/Logger';

type Stamped = 'conversationId' | 'turnId' | 'seq' | 'at';

/** An event as the loop writes it; the sink adds ids, sequence number and time. */
export type TurnEventBody = ConversationEvent extends infer E
  ? E extends ConversationEvent
    ? Omit<E, Stamped>
    : never
  : never;

/**
 * Stamps and delivers one turn's events. A listener that throws is logged and otherwise
 * ignored: a broken subscriber must not break the turn it is watching.
 */
export class TurnEventSink {
  private seq = 0;

  constructor(
    private readonly ids: { conversationId: string; turnId: string },
    private readonly listener: (event: ConversationEvent) => void,
    private readonly now: () => number = Date.now,
    private readonly log?: Logger,
  ) {}

  emit(body: TurnEventBody): void {
    const event = {
      ...body,
      conversationId: this.ids.conversationId,
      turnId: this.ids.turnId,
      seq: this.seq++,
      at: this.now(),
    };
    try {
      this.listener(event);
    } catch (error) {
      try {
        this.log?.warn('conversation event listener threw', { type: event.type, error });
      } catch {
        // Nothing left to tell.
      }
    }
  }
}
