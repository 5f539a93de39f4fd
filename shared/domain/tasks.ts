import { z } from 'zod';
import { ENDED_TASK_STATUSES, TASK_STATUSES, type TaskStatus } from './taskStatuses';

/** Longest status message forwarded to windows; a server may send anything. */
export const TASK_MESSAGE_MAX = 500;

/**
 * Where a task is: the protocol's five states (both eras), and `expired` when the server no
 * longer knows it (its time to live passed, or the server lost it in a restart).
 */
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type { TaskStatus };
export { ENDED_TASK_STATUSES };

/**
 * Who started it: a chat, the CLI, the server view's Tools tab, or (client-side tasks) the
 * server itself, asking the host.
 */
export const taskOriginSchema = z.enum(['chat', 'cli', 'server', 'request']);

/**
 * What runs: a tool call on the server, or a server's request the host runs for it as a
 * client-side task (sampling or elicitation, the server polls the host).
 */
export const taskKindSchema = z.enum(['tool', 'sampling', 'elicitation']);
export type TaskKind = z.infer<typeof taskKindSchema>;

/**
 * A tool call running (or run) as a task on its server, as windows and the CLI show it.
 * `following` says the host is asking the server about it now; false while it waits for the
 * server to come back (after a restart) or once it ended.
 */
export const taskViewSchema = z.object({
  id: z.string(),
  server: z.string(),
  /** The server's id for the task. */
  taskId: z.string(),
  tool: z.string(),
  /** Absent: a tool call (tasks stored before kinds existed). */
  kind: taskKindSchema.optional(),
  origin: taskOriginSchema,
  conversationId: z.string().optional(),
  /** The chat tool call it answers (`tool_use` id). */
  toolUseId: z.string().optional(),
  status: taskStatusSchema,
  statusMessage: z.string().max(TASK_MESSAGE_MAX).optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  endedAt: z.number().optional(),
  pollIntervalMs: z.number().optional(),
  /** How long the server keeps it from creation; absent = not said, null = no limit. */
  ttlMs: z.number().nullable().optional(),
  /** Why it failed or expired. */
  error: z.string().max(TASK_MESSAGE_MAX).optional(),
  /**
   * How the person answered a server's request run as a task (sampling, elicitation): declined
   * it, or closed it unanswered. The protocol's status stays as it is (a declined form is a
   * completed task to the server); windows show this instead, in neutral words.
   */
  answer: z.enum(['declined', 'cancelled']).optional(),
  /** Where the result goes: nowhere, the waiting turn, the conversation once ended, done. */
  delivery: z.enum(['none', 'turn', 'pending', 'delivered']),
  following: z.boolean(),
});
export type TaskView = z.infer<typeof taskViewSchema>;
