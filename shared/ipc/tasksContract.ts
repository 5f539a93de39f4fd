import { z } from 'zod';
import { taskViewSchema } from '../domain/tasks';
import { empty } from './contractSchemas';
import type { RequestDef } from './contract';

/** The tasks part of the contract: tasks the servers run, and cancelling them. */
export const tasksRequests = {
  'tasks.list': {
    input: empty,
    output: z.object({ tasks: z.array(taskViewSchema) }),
    description:
      'Running and recently ended tasks (tool calls the servers run as tasks) across conversations, newest first.',
  },
  'tasks.cancel': {
    input: z.object({ id: z.string().min(1).max(64) }).strict(),
    output: empty,
    description:
      'Asks the server to cancel a task (tasks/cancel), wherever it was started. An ended or unknown task is a no-op; a server that is not up yet gets the request when it is.',
  },
} as const satisfies Record<string, RequestDef>;
