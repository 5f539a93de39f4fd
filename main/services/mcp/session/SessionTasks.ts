import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import {
  JsonRpcResponseError,
  createApplicationInputHandler,
  createTaskSessionFromClient,
  toolDeclarationFromMcpTool,
  type ApplicationInputCallbacks,
  type SerializedTaskReference,
  type TaskEnabledSession,
  type TaskExecutionEvent,
  type TaskOutcome,
  type TaskView,
  type ToolExecution,
} from '@modelcontextprotocol/ext-tasks/client';
import type { JsonValue, TaskId } from '@modelcontextprotocol/ext-tasks/core';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import type { Logger } from '../../../platform/Logger';
import type { InteractionContext, InteractionHandlers } from './InteractionHandlers';
import { mapSdkError } from './mapSdkError';
import type { CallToolResult, ElicitRequest, SamplingRequest, Tool } from './mcpTypes';
import { type CallDeadline, SDK_TIMEOUT_OFF_MS } from './CallDeadline';
import { RawRequestChannel } from './RawRequestChannel';
import type {
  StartToolCallOptions,
  TaskEnd,
  TaskMode,
  TaskReference,
  TaskSnapshot,
  ToolCallStart,
  ToolTask,
} from './taskTypes';
import type { TrafficTapTransport } from './TrafficTapTransport';
import { hostText } from '../../../../shared/text/hostText';

/** The 2026-07-28 Tasks extension id. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** What one connection's task support needs from its session. */
export interface SessionTasksDeps {
  client: Client;
  tap: TrafficTapTransport;
  serverName: string;
  /** Scopes stored task references to this server (see `endpointIdFor`). */
  endpointId: string;
  handlers: InteractionHandlers;
  /** The server's tools as last listed (declarations decide `taskSupport`). */
  tool: (name: string) => Tool | undefined;
  /** How we introduced ourselves and what we declared (the 2026 per-request envelope). */
  clientInfo: { name: string; version: string };
  clientCapabilities: Record<string, unknown>;
  requestTimeoutMs: number;
  /** The call's timeout, standing still while the server waits for the person. */
  deadline?: (timeoutMs: number) => CallDeadline;
  logger?: Logger;
}

type InputContext = undefined;

/** Answers to a task's input requests go through the same handlers as the server's own requests. */
function inputCallbacks(deps: SessionTasksDeps): ApplicationInputCallbacks<InputContext> {
  const context = (signal: AbortSignal | undefined): InteractionContext => ({
    serverName: deps.serverName,
    signal: signal ?? new AbortController().signal,
  });
  return {
    elicitation: async (request, ctx) =>
      await deps.handlers.elicitation(
        { method: 'elicitation/create', params: request.params } as unknown as ElicitRequest,
        context(ctx.signal),
      ),
    sampling: async (request, ctx) =>
      (await deps.handlers.sampling(
        { method: 'sampling/createMessage', params: request.params } as unknown as SamplingRequest,
        context(ctx.signal),
      )) as never,
    roots: async (_request, ctx) => (await deps.handlers.roots(context(ctx.signal))) as never,
  };
}

/** A standard schema that takes any JSON value (for the 2025 `tasks/result` side channel). */
const anyResult = {
  '~standard': {
    version: 1 as const,
    vendor: 'switchboard',
    validate: (value: unknown) => ({ value }),
  },
};

/** A day: a `tasks/result` opened for input_required waits as long as the task runs. */
const SIDE_CHANNEL_TIMEOUT_MS = 86_400_000;

/**
 * Task-augmented tool calls on one connection, both eras, through the official
 * `@modelcontextprotocol/ext-tasks` requester session: 2025-11-25 tasks (`params.task`,
 * `tasks/get` at the server's interval, `tasks/result`, `tasks/cancel`) and the 2026-07-28
 * extension (`resultType: "task"`, `tasks/get`, `tasks/update` for input requests, `tasks/cancel`),
 * the latter over a raw request channel because the SDK's 2026 codec does not carry task results.
 */
export class SessionTasks {
  private readonly session: TaskEnabledSession<InputContext>;
  private readonly raw: RawRequestChannel | undefined;
  private nextProgressToken = 0;

  constructor(private readonly deps: SessionTasksDeps) {
    const modern = deps.client.getProtocolEra() === 'modern';
    const declares =
      deps.client.getServerCapabilities()?.extensions?.[TASKS_EXTENSION] !== undefined;
    this.raw =
      modern && declares ? new RawRequestChannel(deps.tap, deps.requestTimeoutMs) : undefined;
    const common = {
      endpointId: deps.endpointId,
      tools: {
        currentTool: (name: string) => {
          const tool = deps.tool(name);
          return tool ? toolDeclarationFromMcpTool(tool) : undefined;
        },
      },
      onInputRequest: createApplicationInputHandler(inputCallbacks(deps)),
      onError: (error: Error) => deps.logger?.warn('task session', { error }),
    };
    this.session = this.raw
      ? createTaskSessionFromClient<InputContext>(deps.client, {
          ...common,
          rawDispatch: this.raw.dispatch,
          v2RequestFraming: {
            protocolVersion: deps.client.getNegotiatedProtocolVersion() ?? '',
            clientInfo: deps.clientInfo,
            clientCapabilities: modernCapabilities(deps.clientCapabilities),
          },
        })
      : createTaskSessionFromClient<InputContext>(deps.client, common);
  }

  /** How `tool` may run as a task here. */
  mode(name: string): TaskMode {
    const generation = this.session.capabilities.execution;
    if (!generation) return 'none';
    if (this.raw) return 'server';
    const support = this.deps.tool(name)?.execution?.taskSupport;
    return support === 'required' || support === 'optional' ? support : 'none';
  }

  /** Calls a tool through the task session: the server answers at once or with a task. */
  async start(
    name: string,
    args: Record<string, unknown>,
    options: StartToolCallOptions = {},
  ): Promise<ToolCallStart> {
    const operation = `tools/call ${name}`;
    const token = `sb-progress-${String(++this.nextProgressToken)}`;
    const timeoutMs = options.timeoutMs ?? this.deps.requestTimeoutMs;
    // The host times the initial request itself when it can (see CallDeadline); the wire's own
    // timer is then set out of reach, since it cannot stand still while the person answers.
    const deadline = this.deps.deadline?.(timeoutMs);
    const { onProgress } = options;
    const stopProgress = onProgress
      ? this.raw?.watchProgress(token, (report) => {
          deadline?.touch();
          onProgress(report);
        })
      : undefined;
    // ext-tasks binds a created task's whole life to the call's signal; ours only bounds the
    // initial request (a stopped turn must not end a task that goes on in the background).
    const initial = new AbortController();
    const forward = (): void => initial.abort(options.signal?.reason);
    const timedOut = (): void => initial.abort(deadline?.signal.reason);
    if (options.signal?.aborted) forward();
    options.signal?.addEventListener('abort', forward, { once: true });
    deadline?.signal.addEventListener('abort', timedOut, { once: true });
    let execution: ToolExecution<unknown, InputContext>;
    try {
      execution = await this.session.callTool(name, args as Record<string, JsonValue>, {
        task: { preference: options.preferTask ? 'prefer' : 'allow' },
        requestTimeoutMs: deadline ? SDK_TIMEOUT_OFF_MS : timeoutMs,
        resetTimeoutOnProgress: true,
        ...(stopProgress ? { metadata: { progressToken: token } } : {}),
        signal: initial.signal,
      });
    } catch (error) {
      stopProgress?.();
      throw mapTaskError(error, operation, options.signal);
    } finally {
      options.signal?.removeEventListener('abort', forward);
      deadline?.signal.removeEventListener('abort', timedOut);
      deadline?.dispose();
    }
    if (execution.kind === 'immediate') {
      try {
        const { outcome } = await execution.settle();
        return { kind: 'result', result: endOf(outcome, operation) };
      } finally {
        stopProgress?.();
      }
    }
    stopProgress?.();
    return { kind: 'task', task: this.follow(execution, operation) };
  }

  /** Takes up a task started earlier (maybe by another process) from its stored reference. */
  async resume(reference: TaskReference, signal?: AbortSignal): Promise<ToolTask> {
    const operation = `tasks/get ${reference.taskId}`;
    if (reference.endpointId !== this.deps.endpointId) {
      throw new AppError(AppErrorCode.NotFound, hostText('tasks.otherEndpoint'), {
        taskGone: true,
      });
    }
    try {
      // Stored references are JSON; ext-tasks brands its ids and checks the shape itself.
      const execution = await this.session.resumeTask(
        reference as unknown as SerializedTaskReference,
        signal ? { signal } : {},
      );
      if (execution.kind !== 'task') throw new Error('A resumed task is always a task');
      return this.follow(execution, operation);
    } catch (error) {
      throw mapTaskError(error, operation, signal);
    }
  }

  /** `tasks/cancel` for a task followed here or elsewhere. */
  async cancel(taskId: string): Promise<void> {
    try {
      await this.session.cancelTask(taskId as unknown as TaskId);
    } catch (error) {
      throw mapTaskError(error, `tasks/cancel ${taskId}`);
    }
  }

  async close(): Promise<void> {
    this.raw?.close();
    await this.session.close().catch(() => {});
  }

  private follow(execution: ToolExecution<unknown, InputContext>, operation: string): ToolTask {
    if (execution.kind !== 'task') throw new Error('not a task');
    const reference = execution.serializeReference() as TaskReference;
    const client = this.deps.client;
    return {
      reference,
      settle: async (onUpdate, signal) => {
        // 2025-11-25 servers hand over their questions (elicitation, sampling) only on a
        // `tasks/result` stream, which ext-tasks 0.2.2 opens only once the task ended: open
        // one ourselves when the task says it needs input. It returns the result at the end.
        const sideChannel = new AbortController();
        let waitingForInput = false;
        const onEvent = (event: TaskExecutionEvent<unknown>): void => {
          if (event.type !== 'task') return;
          const snapshot = toSnapshot(event.task);
          if (reference.generation === 'v1' && snapshot.status === 'input_required') {
            if (!waitingForInput) {
              waitingForInput = true;
              client
                .request(
                  { method: 'tasks/result', params: { taskId: reference.taskId } },
                  anyResult,
                  { timeout: SIDE_CHANNEL_TIMEOUT_MS, signal: sideChannel.signal },
                )
                .catch(() => undefined)
                .finally(() => {
                  waitingForInput = false;
                });
            }
          }
          onUpdate(snapshot);
        };
        try {
          const { outcome } = await execution.settle({
            onEvent,
            ...(signal ? { signal } : {}),
            close: false,
          });
          return toEnd(outcome);
        } catch (error) {
          throw mapTaskError(error, operation, signal);
        } finally {
          sideChannel.abort();
        }
      },
      cancel: async () => {
        try {
          await execution.cancel();
        } catch (error) {
          throw mapTaskError(error, `tasks/cancel ${reference.taskId}`);
        }
      },
      detach: () => execution.detach().catch(() => {}),
    };
  }
}

/** Stable id for the server a task reference belongs to: its name and where it is reached. */
export function endpointIdFor(config: {
  name: string;
  transport: string;
  url?: string;
  command?: string;
  args?: readonly string[];
}): string {
  const target =
    config.transport === 'stdio'
      ? [config.command ?? '', ...(config.args ?? [])]
      : [config.url ?? ''];
  return JSON.stringify([config.name, config.transport, ...target]);
}

/** The 2026 era has no `tasks` client capability (that is 2025 vocabulary); the extension is added per request. */
function modernCapabilities(capabilities: Record<string, unknown>): Record<string, JsonValue> {
  const { tasks: _legacyTasks, ...rest } = capabilities;
  return rest as Record<string, JsonValue>;
}

function toSnapshot(view: TaskView): TaskSnapshot {
  return {
    taskId: view.taskId,
    status: view.status,
    ...(view.statusMessage !== undefined ? { statusMessage: view.statusMessage } : {}),
    ...(view.createdAt !== undefined ? { createdAt: view.createdAt } : {}),
    ...(view.lastUpdatedAt !== undefined ? { lastUpdatedAt: view.lastUpdatedAt } : {}),
    ttlMs: view.retentionMs,
    ...(view.suggestedPollIntervalMs !== undefined
      ? { pollIntervalMs: view.suggestedPollIntervalMs }
      : {}),
  };
}

/** A tool result from either era's task, without the 2026 `resultType` discriminator. */
function toToolResult(value: unknown): CallToolResult {
  const { resultType: _discriminator, ...result } = value as Record<string, unknown>;
  return result as unknown as CallToolResult;
}

function toEnd(outcome: TaskOutcome<unknown>): TaskEnd {
  switch (outcome.status) {
    case 'completed':
      return { status: 'completed', result: toToolResult(outcome.result) };
    case 'cancelled':
      return { status: 'cancelled' };
    case 'failed':
      return {
        status: 'failed',
        message: outcome.error.message || 'The task failed.',
        ...(outcome.error.code !== undefined ? { code: outcome.error.code } : {}),
      };
  }
}

/** An immediate answer's result, or the error it carried. */
function endOf(outcome: TaskOutcome<unknown>, operation: string): CallToolResult {
  const end = toEnd(outcome);
  if (end.status === 'completed') return end.result;
  if (end.status === 'cancelled')
    throw new AppError(AppErrorCode.Cancelled, hostText('tasks.cancelled'), { operation });
  // The server's own words.
  throw new AppError(AppErrorCode.McpProtocol, hostText('foreign', { text: end.message }), {
    operation,
    code: end.code,
  });
}

/** ext-tasks and its port's errors as AppErrors (JSON-RPC errors keep their code and data). */
export function mapTaskError(error: unknown, operation: string, signal?: AbortSignal): AppError {
  if (error instanceof AppError) return error;
  if (signal?.aborted) return mapSdkError(error, { operation, cancelled: true });
  if (error instanceof JsonRpcResponseError) {
    return mapSdkError(new ProtocolError(error.code, error.message, error.data), { operation });
  }
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return mapSdkError(cause, { operation });
}
