import { randomUUID } from 'node:crypto';
import type { TaskView } from '../../../shared/domain/tasks';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { Logger } from '../../platform/Logger';
import type { McpService } from '../mcp/McpService';
import type { CallToolResult } from '../mcp/session/mcpTypes';
import type { TaskEnd, TaskReference, TaskSnapshot, ToolTask } from '../mcp/session/taskTypes';
import {
  ENDED_TASK_STATUSES,
  type TaskOrigin,
  type TaskPatch,
  type TaskRecord,
} from '../store/TaskRecord';
import type { TaskTable } from '../store/TaskTable';
import { whenServerReady } from './ServerReadiness';
import { GONE_TEXT, LOST_TEXT, callResultOf, isGone, resultOf } from './taskEnds';
import { toTaskView } from './toTaskView';
import { hostText } from '../../../shared/text/hostText';

export interface TaskServiceOptions {
  tasks: TaskTable;
  mcp: Pick<McpService, 'registry' | 'supervisor' | 'use' | 'need'>;
  log: Logger;
  /** Every change of a task (the `tasks.changed` event). */
  emit?: (task: TaskView) => void;
  /** A chat task ended with nobody waiting for it: its result goes into the conversation. */
  onUndelivered?: (record: TaskRecord) => void;
  /** Whether tools whose task support is `optional` run as tasks (a setting). */
  preferTasks?: () => boolean;
}

/** One tool call that may become a task. */
export interface TaskCallRequest {
  server: string;
  /** The tool's name on its server. */
  tool: string;
  args: Record<string, unknown>;
  origin: TaskOrigin;
  conversationId?: string;
  /** The chat tool call (`tool_use` id). */
  toolUseId?: string;
  /** Ends the waiting: the task is cancelled, unless `keepOnAbort` says to leave it running. */
  signal?: AbortSignal;
  /**
   * Asked when `signal` aborts: true = stop waiting but leave the task running (a stopped chat
   * turn: its result is delivered into the conversation later; the CLI: resumable by id).
   */
  keepOnAbort?: () => boolean;
  timeoutMs?: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Overrides the setting for `optional` tools (CLI `--task`). */
  preferTask?: boolean;
  /** The task as it starts and changes (CLI status lines). */
  onTask?: (task: TaskView) => void;
}

/** What starting a call gave: a result at once, or a task that runs on. */
export type TaskStart =
  | { kind: 'result'; result: CallToolResult }
  | { kind: 'task'; view: TaskView; done: Promise<CallToolResult> };

interface Followed {
  record: TaskRecord;
  task: ToolTask | undefined;
  /** The caller waiting for the result, if any. */
  waiter: { resolve: (end: TaskEnd) => void } | undefined;
  onTask: ((view: TaskView) => void) | undefined;
  cancelRequested: boolean;
  /** Waiting for its server to take the task up again. */
  resuming: boolean;
}

/**
 * Tool calls that run as tasks on their servers, in both protocol eras: started (or resumed
 * after a restart) through the session, followed at the server's pace, stored at every change
 * so a restart loses nothing, cancellable from anywhere, and delivered where they belong —
 * to the waiting turn, or into the conversation once nobody waits.
 */
export class TaskService {
  private readonly followed = new Map<string, Followed>();
  private readonly stop = new AbortController();

  constructor(private readonly options: TaskServiceOptions) {}

  /**
   * Follows every task a previous run left working (once its server is ready) and hands the
   * ended-but-undelivered ones to `onUndelivered`. Whatever a turn of that run waited for is
   * now delivered into its conversation: the turn died with the run.
   */
  start(): void {
    this.options.tasks.releaseTurns();
    for (const record of this.options.tasks.active()) this.resumeWhenReady(this.track(record));
    for (const record of this.options.tasks.undelivered()) this.options.onUndelivered?.(record);
  }

  /** Calls a tool; resolves with its result, whether it ran as a task or not. */
  async call(request: TaskCallRequest): Promise<CallToolResult> {
    const started = await this.begin(request);
    return started.kind === 'result' ? started.result : started.done;
  }

  /**
   * Starts a tool call. A tool that may not run as a task (or an optional one, unless tasks are
   * preferred) is called as usual; otherwise the server answers at once or with a task, which is
   * stored before anything else happens and followed from then on.
   */
  async begin(request: TaskCallRequest): Promise<TaskStart> {
    // A server that waits to be needed starts now; a failed start fails the call with why.
    const supervisor = await this.options.mcp.use(request.server, request.signal);
    const tasks = supervisor.ready().tasks();
    const mode = tasks.mode(request.tool);
    // The setting is read only for a tool that may run either way (most calls are 'none').
    const prefer = (): boolean => request.preferTask ?? this.options.preferTasks?.() ?? false;
    if (mode === 'none' || (mode === 'optional' && !prefer())) {
      const result = await supervisor.callTool(request.tool, request.args, {
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
        ...(request.onProgress ? { onProgress: request.onProgress } : {}),
      });
      return { kind: 'result', result };
    }
    const start = await tasks.start(request.tool, request.args, {
      preferTask: mode === 'optional',
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
      ...(request.onProgress ? { onProgress: request.onProgress } : {}),
    });
    if (start.kind === 'result') return { kind: 'result', result: start.result };
    const reference = start.task.reference;
    const followed = this.track(
      this.options.tasks.insert({
        id: randomUUID(),
        server: request.server,
        taskId: reference.taskId,
        generation: reference.generation,
        reference,
        toolName: request.tool,
        arguments: request.args,
        origin: request.origin,
        conversationId: request.conversationId ?? null,
        toolCallId: request.toolUseId ?? null,
        status: 'working',
        pollIntervalMs: null,
        ttlMs: null,
        delivery: request.origin === 'chat' ? 'turn' : 'none',
      }),
    );
    followed.onTask = request.onTask;
    const done = this.wait(followed, request);
    this.changed(followed);
    void this.follow(followed, start.task);
    return { kind: 'task', view: this.view(followed), done };
  }

  /**
   * Takes up a stored task by the server's id (CLI `task SERVER ID`): follows it if it is not
   * followed already, and resolves with its result (at once when it already ended).
   */
  async resume(
    server: string,
    taskId: string,
    request: Pick<TaskCallRequest, 'signal' | 'keepOnAbort' | 'onTask'> = {},
  ): Promise<CallToolResult> {
    const record = this.options.tasks.find(server, taskId);
    if (!record)
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('tasks.noStoredTask', { id: taskId, server }),
      );
    const known = this.followed.get(record.id);
    const followed = known ?? this.track(record);
    followed.onTask = request.onTask;
    if (followed.record.endedAt !== null) return resultOf(followed.record);
    const done = this.wait(followed, {
      ...request,
      server,
      tool: record.toolName,
      args: {},
      origin: record.origin,
    });
    if (!known) this.resumeWhenReady(followed);
    request.onTask?.(this.view(followed));
    return done;
  }

  /** Stops waiting for a task here and leaves it running (CLI `--detach`); resumable by id. */
  async detach(id: string): Promise<void> {
    const followed = this.followed.get(id);
    if (!followed) return;
    this.followed.delete(id);
    followed.waiter = undefined;
    await followed.task?.detach();
  }

  /**
   * Asks the server to cancel (`tasks/cancel`). A task not followed here is taken up first (so
   * its end is seen), once its server is reachable.
   */
  async cancel(id: string): Promise<void> {
    const record = this.followed.get(id)?.record ?? this.options.tasks.get(id);
    if (!record || record.endedAt !== null) return;
    const followed = this.followed.get(id) ?? this.track(record);
    followed.cancelRequested = true;
    if (followed.task) await followed.task.cancel();
    else this.resumeWhenReady(followed);
  }

  /** The most recent tasks (running first among equals), for the Tasks list. */
  list(limit = 100): TaskView[] {
    return this.options.tasks
      .recent(limit)
      .map((record) =>
        toTaskView(this.followed.get(record.id)?.record ?? record, this.isFollowing(record.id)),
      );
  }

  get(id: string): TaskView | undefined {
    const record = this.followed.get(id)?.record ?? this.options.tasks.get(id);
    return record && toTaskView(record, this.isFollowing(id));
  }

  /** Records that a task's result reached its conversation. */
  delivered(id: string): void {
    const record = this.options.tasks.update(id, { delivery: 'delivered' });
    this.options.emit?.(toTaskView(record, false));
  }

  /** Stops following (the tasks go on on their servers; the next start follows them again). */
  async dispose(): Promise<void> {
    this.stop.abort(new AppError(AppErrorCode.Cancelled, hostText('tasks.shuttingDown')));
    const detaching = [...this.followed.values()].map((f) => f.task?.detach() ?? Promise.resolve());
    this.followed.clear();
    await Promise.all(detaching);
  }

  private track(record: TaskRecord): Followed {
    const followed: Followed = {
      record,
      task: undefined,
      waiter: undefined,
      onTask: undefined,
      cancelRequested: false,
      resuming: false,
    };
    this.followed.set(record.id, followed);
    return followed;
  }

  private wait(followed: Followed, request: TaskCallRequest): Promise<CallToolResult> {
    return new Promise<CallToolResult>((resolve, reject) => {
      const signal = request.signal;
      const onAbort = (): void => {
        followed.waiter = undefined;
        if (request.keepOnAbort?.()) this.release(followed);
        else
          void this.cancel(followed.record.id).catch((error: unknown) =>
            this.warn('cancel failed', error),
          );
        reject(
          new AppError(AppErrorCode.Cancelled, hostText('tasks.stoppedWaiting'), {
            taskId: followed.record.taskId,
          }),
        );
      };
      followed.waiter = {
        resolve: (end) => {
          signal?.removeEventListener('abort', onAbort);
          followed.waiter = undefined;
          try {
            resolve(callResultOf(end));
          } catch (error) {
            reject(AppError.from(error));
          }
        },
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Nobody waits any more: a chat task is delivered into its conversation when it ends. */
  private release(followed: Followed): void {
    if (followed.record.origin === 'chat' && followed.record.conversationId) {
      this.update(followed, { delivery: 'pending' });
      return;
    }
    void this.detach(followed.record.id);
  }

  private async follow(followed: Followed, task: ToolTask): Promise<void> {
    followed.task = task;
    this.changed(followed);
    if (followed.cancelRequested) {
      await task.cancel().catch((error: unknown) => this.warn('cancel failed', error));
    }
    let end: TaskEnd;
    try {
      end = await task.settle((snapshot) => this.observed(followed, snapshot), this.stop.signal);
    } catch (error) {
      followed.task = undefined;
      if (this.stop.signal.aborted || this.followed.get(followed.record.id) !== followed) return;
      this.warn('lost a task; following it again when its server is back', error);
      if (followed.waiter) {
        const waiter = followed.waiter;
        this.release(followed);
        waiter.resolve({ status: 'failed', message: LOST_TEXT });
      } else this.changed(followed);
      this.resumeWhenReady(followed);
      return;
    }
    // Detached (or shutting down) meanwhile: ext-tasks then ends the wait as "closed".
    if (this.followed.get(followed.record.id) !== followed) return;
    this.ended(followed, end);
  }

  private resumeWhenReady(followed: Followed): void {
    if (followed.resuming || followed.task) return;
    followed.resuming = true;
    const { record } = followed;
    let delayMs = 1000;
    void (async () => {
      for (;;) {
        // A task keeps its server in use: one that waits to be needed starts for it.
        this.options.mcp.need(record.server);
        await whenServerReady(this.options.mcp.registry, record.server, this.stop.signal);
        try {
          const task = await this.options.mcp
            .supervisor(record.server)
            .ready()
            .tasks()
            .resume(record.reference as TaskReference, this.stop.signal);
          followed.resuming = false;
          await this.follow(followed, task);
          return;
        } catch (error) {
          if (this.stop.signal.aborted) return;
          if (isGone(error)) {
            followed.resuming = false;
            this.ended(followed, { status: 'failed', message: GONE_TEXT }, 'expired');
            return;
          }
          // Not reachable after all (it went down again): try again, less and less often.
          this.warn('could not resume a task yet', error);
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          delayMs = Math.min(delayMs * 2, 30_000);
        }
      }
    })().catch((error: unknown) => {
      followed.resuming = false;
      if (!this.stop.signal.aborted) this.warn('stopped following a task', error);
    });
  }

  /** Whether a task on this server is being followed (its server is then never idle). */
  isActiveOn(server: string): boolean {
    for (const followed of this.followed.values()) {
      if (
        followed.record.server === server &&
        !ENDED_TASK_STATUSES.includes(followed.record.status)
      )
        return true;
    }
    return false;
  }

  private observed(followed: Followed, snapshot: TaskSnapshot): void {
    const { record } = followed;
    const patch: TaskPatch = {};
    const status =
      snapshot.status === 'completed' ||
      snapshot.status === 'failed' ||
      snapshot.status === 'cancelled'
        ? undefined
        : snapshot.status;
    if (status && status !== record.status) patch.status = status;
    if (snapshot.statusMessage !== undefined && snapshot.statusMessage !== record.statusMessage)
      patch.statusMessage = snapshot.statusMessage;
    if (snapshot.pollIntervalMs !== undefined && snapshot.pollIntervalMs !== record.pollIntervalMs)
      patch.pollIntervalMs = snapshot.pollIntervalMs;
    if (snapshot.ttlMs !== record.ttlMs) patch.ttlMs = snapshot.ttlMs;
    if (Object.keys(patch).length > 0) this.update(followed, patch);
  }

  private ended(followed: Followed, end: TaskEnd, status?: 'expired'): void {
    followed.task = undefined;
    this.followed.delete(followed.record.id);
    const waiter = followed.waiter;
    const patch: TaskPatch =
      end.status === 'completed'
        ? { status: 'completed', result: end.result }
        : end.status === 'cancelled'
          ? { status: 'cancelled' }
          : { status: status ?? 'failed', error: end.message };
    if (waiter && followed.record.delivery === 'turn') patch.delivery = 'delivered';
    this.update(followed, patch);
    waiter?.resolve(end);
    if (followed.record.delivery === 'pending') this.options.onUndelivered?.(followed.record);
  }

  private update(followed: Followed, patch: TaskPatch): void {
    try {
      followed.record = this.options.tasks.update(followed.record.id, patch);
    } catch (error) {
      this.warn('could not store a task change', error);
      return;
    }
    this.changed(followed);
  }

  private changed(followed: Followed): void {
    const view = this.view(followed);
    try {
      this.options.emit?.(view);
      followed.onTask?.(view);
    } catch (error) {
      this.warn('a task listener threw', error);
    }
  }

  private view(followed: Followed): TaskView {
    return toTaskView(followed.record, followed.task !== undefined);
  }

  private isFollowing(id: string): boolean {
    return this.followed.get(id)?.task !== undefined;
  }

  private warn(message: string, error: unknown): void {
    this.options.log.warn(message, { error });
  }
}
