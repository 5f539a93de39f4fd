import type { Client } from '@modelcontextprotocol/client';
import {
  bindTaskReceiver,
  type TaskReceiverBinding,
} from '@modelcontextprotocol/ext-tasks/receiver';
import type { InteractionHandlers } from './InteractionHandlers';

/** How long a client-side task is kept after it was created (then `tasks/get` says unknown). */
const CLIENT_TASK_TTL_MS = 3_600_000;
/** What we suggest servers poll at. */
const CLIENT_TASK_POLL_MS = 1_000;

/**
 * 2025-11-25 client-side tasks: a server sends `sampling/createMessage` or `elicitation/create`
 * with `params.task`, gets a task at once, and polls us. The official ext-tasks receiver keeps
 * the tasks and serves `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel`; the request
 * itself goes to the same handlers as a plain one (the person answers when they can), and a
 * cancel closes its panel through the signal. Plain requests go to the handlers registered before.
 */
export function bindClientTasks(
  client: Client,
  hooks: {
    serverName: string;
    handlers: InteractionHandlers;
    onTaskReceiverError?: (error: unknown) => void;
  },
): TaskReceiverBinding {
  const { serverName, handlers } = hooks;
  return bindTaskReceiver(client, {
    methods: { 'sampling/createMessage': true, 'elicitation/create': true },
    ttlMs: CLIENT_TASK_TTL_MS,
    pollIntervalMs: CLIENT_TASK_POLL_MS,
    sampling: async (request, { signal, taskId }) =>
      (await handlers.sampling(
        {
          method: 'sampling/createMessage',
          params: withoutTask(request.params),
        },
        { serverName, signal, clientTaskId: taskId, deadlineAt: deadlineOf(request.params) },
      )) as never,
    elicitation: async (request, { signal, taskId }) =>
      (await handlers.elicitation(
        { method: 'elicitation/create', params: withoutTask(request.params) },
        { serverName, signal, clientTaskId: taskId, deadlineAt: deadlineOf(request.params) },
      )) as never,
    ...(hooks.onTaskReceiverError ? { onError: hooks.onTaskReceiverError } : {}),
  });
}

/**
 * When the task stops being kept: the time to live the server asked for, at most ours (the
 * receiver keeps every task for {@link CLIENT_TASK_TTL_MS}); after it the answer is lost.
 */
function deadlineOf(params: Readonly<Record<string, unknown>>, now = Date.now()): number {
  const task = params.task as { ttl?: unknown } | undefined;
  const asked = typeof task?.ttl === 'number' && task.ttl >= 0 ? task.ttl : CLIENT_TASK_TTL_MS;
  return now + Math.min(asked, CLIENT_TASK_TTL_MS);
}

/** The request as a plain one: `task` only says how to answer, not what is asked. */
function withoutTask(params: Readonly<Record<string, unknown>>): never {
  const { task: _task, ...rest } = params;
  return rest as never;
}
