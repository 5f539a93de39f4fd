import { randomUUID } from 'node:crypto';
import type { InteractionOrigin } from '../../../shared/domain/interactions';
import type { TaskStatus, TaskView } from '../../../shared/domain/tasks';
import { TASK_MESSAGE_MAX } from '../../../shared/domain/tasks';
import {
  isUserRejection,
  type InteractionContext,
  type InteractionHandlers,
} from '../mcp/session/InteractionHandlers';

/** Ended client-side tasks kept for the Tasks list (they live only as long as this process). */
const KEEP_ENDED = 50;

export interface ClientTasksOptions {
  /** Every change (the `tasks.changed` event). */
  emit?: (task: TaskView) => void;
  /** The chat tool call running on the server, to say which conversation it came from. */
  originFor?: (server: string) => InteractionOrigin;
  now?: () => number;
}

/**
 * Client-side tasks as the Tasks list shows them: a server sent sampling or elicitation as a
 * task and polls us. The session's task receiver owns the protocol side (tasks/get, result,
 * cancel); this only watches the handlers run, so the person sees what waits for them.
 */
export class ClientTasks {
  private readonly tasks = new Map<string, TaskView>();
  private readonly now: () => number;

  constructor(private readonly options: ClientTasksOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /** The handlers with client-side task requests recorded; plain requests pass straight on. */
  track(handlers: InteractionHandlers): InteractionHandlers {
    return {
      ...handlers,
      sampling: (request, ctx) =>
        this.follow('sampling', request.method, ctx, () => handlers.sampling(request, ctx)),
      elicitation: (request, ctx) =>
        this.follow('elicitation', request.method, ctx, () => handlers.elicitation(request, ctx)),
    };
  }

  /** Running ones, then ended ones, newest first. */
  list(): TaskView[] {
    return [...this.tasks.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  private async follow<T>(
    kind: 'sampling' | 'elicitation',
    method: string,
    ctx: InteractionContext,
    run: () => Promise<T>,
  ): Promise<T> {
    if (ctx.clientTaskId === undefined) return run();
    const origin = this.options.originFor?.(ctx.serverName) ?? {};
    const at = this.now();
    const task: TaskView = {
      id: `client-${randomUUID()}`,
      server: ctx.serverName,
      taskId: ctx.clientTaskId,
      tool: method,
      kind,
      origin: 'request',
      ...(origin.conversationId ? { conversationId: origin.conversationId } : {}),
      ...(origin.toolUseId ? { toolUseId: origin.toolUseId } : {}),
      status: 'working',
      createdAt: at,
      updatedAt: at,
      delivery: 'none',
      following: false,
    };
    this.set(task);
    try {
      const result = await run();
      this.end(
        task.id,
        ctx.signal.aborted ? 'cancelled' : 'completed',
        undefined,
        answerOf(result),
      );
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const declined = isUserRejection(error) ? 'declined' : undefined;
      this.end(task.id, ctx.signal.aborted ? 'cancelled' : 'failed', message, declined);
      throw error;
    }
  }

  private end(id: string, status: TaskStatus, error?: string, answer?: TaskView['answer']): void {
    const task = this.tasks.get(id);
    if (!task) return;
    const at = this.now();
    this.set({
      ...task,
      status,
      updatedAt: at,
      endedAt: at,
      ...(error !== undefined ? { error: error.slice(0, TASK_MESSAGE_MAX) } : {}),
      ...(answer ? { answer } : {}),
    });
    this.prune();
  }

  private set(task: TaskView): void {
    this.tasks.set(task.id, task);
    this.options.emit?.(task);
  }

  private prune(): void {
    const ended = this.list().filter((t) => t.endedAt !== undefined);
    for (const old of ended.slice(KEEP_ENDED)) this.tasks.delete(old.id);
  }
}

/** An elicitation's result says how the person answered: declined, or closed unanswered. */
function answerOf(result: unknown): TaskView['answer'] {
  const action =
    typeof result === 'object' && result !== null && 'action' in result ? result.action : undefined;
  return action === 'decline' ? 'declined' : action === 'cancel' ? 'cancelled' : undefined;
}
