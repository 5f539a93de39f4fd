import type { TaskView } from '../../../shared/domain/tasks';
import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { Logger } from '../../platform/Logger';
import type { ChatToolCaller } from '../conversation/ChatToolCaller';
import type { HostEvents } from '../base/HostEvents';
import type { McpService } from '../mcp/McpService';
import type { ConversationStore } from '../store/ConversationStore';
import type { TaskRecord } from '../store/TaskRecord';
import type { ClientTasks } from './ClientTasks';
import { TaskDelivery, type ConversationContinuation } from './TaskDelivery';
import { TaskService } from './TaskService';

export interface TaskServices {
  service: TaskService;
  /** Chat tool calls through the task service (tasks where the server wants them). */
  chatCaller: ChatToolCaller;
  /** Wires delivery into conversations (built after the task service, which it needs). */
  connect(conversations: ConversationContinuation): void;
  delivery(): TaskDelivery | undefined;
  /** Tool-call tasks and client-side tasks together, newest first (the Tasks list). */
  list(): TaskView[];
  handlers: Pick<RequestHandlers, 'tasks.list' | 'tasks.cancel'>;
}

/** The task service, its chat caller, delivery into conversations, and the `tasks.*` handlers. */
export function createTaskServices(deps: {
  store: ConversationStore;
  mcp: Pick<McpService, 'registry' | 'supervisor' | 'use' | 'need'>;
  events: HostEvents;
  log: Logger;
  preferTasks: () => boolean;
  clientTasks: ClientTasks;
}): TaskServices {
  let delivery: TaskDelivery | undefined;
  const waiting: TaskRecord[] = [];
  const service = new TaskService({
    tasks: deps.store.tasks,
    mcp: deps.mcp,
    log: deps.log,
    emit: (task) => deps.events.emit('tasks.changed', { task }),
    onUndelivered: (record) => {
      if (delivery) delivery.deliver(record);
      else waiting.push(record);
    },
    preferTasks: deps.preferTasks,
  });
  const list = (): TaskView[] =>
    [...service.list(), ...deps.clientTasks.list()].sort((a, b) => b.createdAt - a.createdAt);
  return {
    service,
    chatCaller: (call) =>
      service.call({
        server: call.server,
        tool: call.tool,
        args: call.args,
        origin: 'chat',
        conversationId: call.conversationId,
        toolUseId: call.toolUseId,
        signal: call.signal,
        // A stopped turn leaves the task running; a cancelled call cancels it.
        keepOnAbort: () => call.turnSignal.aborted,
        timeoutMs: call.timeoutMs,
        onProgress: call.onProgress,
      }),
    connect: (conversations) => {
      delivery = new TaskDelivery({
        store: deps.store,
        conversations,
        delivered: (id) => service.delivered(id),
        log: deps.log,
      });
      for (const record of waiting.splice(0)) delivery.deliver(record);
    },
    delivery: () => delivery,
    list,
    handlers: {
      'tasks.list': () => ({ tasks: list() }),
      'tasks.cancel': async ({ id }) => {
        await service.cancel(id);
        return {};
      },
    },
  };
}
