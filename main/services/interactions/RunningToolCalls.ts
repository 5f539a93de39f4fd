import type { InteractionOrigin } from '../../../shared/domain/interactions';
import { Emitter } from '../base/Emitter';

/** A chat turn's tool call that is running on a server right now. */
export interface RunningToolCall {
  conversationId: string;
  toolUseId: string;
  server: string;
}

/**
 * Which chat tool calls are running, so a request a server makes meanwhile (sampling,
 * elicitation) can be shown inline in that conversation. The conversation service records;
 * the interaction broker looks up, and hears when a call ends (stopped, failed or finished).
 */
export class RunningToolCalls {
  private readonly calls: RunningToolCall[] = [];
  private readonly endedEmitter = new Emitter<RunningToolCall>();
  /** A call ended; it is no longer listed when this fires. */
  readonly onDidEnd = this.endedEmitter.event;

  /** Records `call` while `run` is in flight. */
  async run<T>(call: RunningToolCall, run: () => Promise<T>): Promise<T> {
    this.calls.push(call);
    try {
      return await run();
    } finally {
      const index = this.calls.indexOf(call);
      if (index >= 0) this.calls.splice(index, 1);
      this.endedEmitter.fire(call);
    }
  }

  isRunning(toolUseId: string): boolean {
    return this.calls.some((c) => c.toolUseId === toolUseId);
  }

  /** The latest running call to `server`, or none: a server's request cannot name its cause. */
  originFor(server: string): InteractionOrigin {
    const call = this.calls.findLast((c) => c.server === server);
    return call ? { conversationId: call.conversationId, toolUseId: call.toolUseId } : {};
  }
}
