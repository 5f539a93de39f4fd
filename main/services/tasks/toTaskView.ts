import { TASK_MESSAGE_MAX, type TaskView } from '../../../shared/domain/tasks';
import type { TaskRecord } from '../store/TaskRecord';

const clip = (text: string): string =>
  text.length > TASK_MESSAGE_MAX ? `${text.slice(0, TASK_MESSAGE_MAX - 1)}…` : text;

/** A stored task as windows see it; `following` = the host is asking its server about it now. */
export function toTaskView(record: TaskRecord, following: boolean): TaskView {
  return {
    id: record.id,
    server: record.server,
    taskId: record.taskId,
    tool: record.toolName,
    origin: record.origin,
    ...(record.conversationId ? { conversationId: record.conversationId } : {}),
    ...(record.toolCallId ? { toolUseId: record.toolCallId } : {}),
    status: record.status,
    ...(record.statusMessage ? { statusMessage: clip(record.statusMessage) } : {}),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.endedAt !== null ? { endedAt: record.endedAt } : {}),
    ...(record.pollIntervalMs !== null ? { pollIntervalMs: record.pollIntervalMs } : {}),
    ttlMs: record.ttlMs,
    ...(record.error ? { error: clip(record.error) } : {}),
    delivery: record.delivery,
    following,
  };
}
