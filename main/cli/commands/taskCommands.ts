import { AppError, AppErrorCode } from '../../../shared/errors';
import { ENDED_TASK_STATUSES, type TaskView } from '../../../shared/domain/tasks';
import { toTaskView } from '../../services/tasks/toTaskView';
import type { CliContext, CommandResult } from '../CliContext';
import { CliUsageError } from '../parseCliArgs';
import { resumeHint, taskRow, taskStatusLine } from './describeTask';
import { toolResultOutput } from './toolResultOutput';

/** `tasks`: the tasks stored in the data dir (from the app and the CLI), newest first. */
export function tasksCommand(ctx: CliContext): Promise<CommandResult> {
  const tasks = ctx
    .historyStore()
    .tasks.recent()
    .map((record) => toTaskView(record, false));
  return Promise.resolve({
    json: { tasks },
    text: tasks.length > 0 ? tasks.map(taskRow).join('\n') : 'No tasks.',
    exitCode: 0,
  });
}

/**
 * `task <server> <id>` shows a stored task and, while it runs, takes it up and waits for its
 * result (status lines on stderr); `task cancel <server> <id>` cancels it on the server.
 */
export async function taskCommand(ctx: CliContext): Promise<CommandResult> {
  const [first, ...rest] = ctx.args.positionals;
  const cancel = first === 'cancel';
  const [server, taskId] = cancel ? rest : [first, ...rest];
  if (!server || !taskId)
    throw new CliUsageError('task needs <server> <id> (or cancel <server> <id>)');
  const stored = ctx.historyStore().tasks.find(server, taskId);
  if (!stored) {
    throw new AppError(
      AppErrorCode.NotFound,
      `No stored task ${taskId} of ${server}. \`tasks\` lists the stored ones.`,
    );
  }
  const view = toTaskView(stored, false);
  if (ENDED_TASK_STATUSES.includes(view.status)) return ended(ctx, view, cancel);
  const mcp = await ctx.startServers(server);
  const tasks = ctx.tasks(mcp);
  if (cancel) await tasks.cancel(stored.id);
  const result = await tasks
    .resume(server, taskId, {
      ...(ctx.io.signal ? { signal: ctx.io.signal } : {}),
      keepOnAbort: () => {
        ctx.notes.push(`The task goes on. Take it up again with: ${resumeHint(view)}`);
        return true;
      },
      onTask: (task) => ctx.io.err(`${taskStatusLine(task)}\n`),
    })
    .catch((error: unknown) => {
      // A cancel ends the wait as cancelled: that is the answer to `task cancel`.
      const after = tasks.get(stored.id);
      if (cancel && after?.status === 'cancelled') return undefined;
      throw error;
    });
  const after = tasks.get(stored.id) ?? view;
  if (!result) return { json: { task: after }, text: taskStatusLine(after), exitCode: 0 };
  return toolResultOutput(result, { task: after });
}

/** A task that already ended: what is stored is the answer (a cancel has nothing to do). */
function ended(ctx: CliContext, view: TaskView, cancel: boolean): CommandResult {
  const record = ctx.historyStore().tasks.get(view.id);
  if (!cancel && view.status === 'completed' && record?.result) {
    return toolResultOutput(record.result as never, { task: view });
  }
  return {
    json: { task: view },
    text: taskStatusLine(view),
    exitCode: cancel || view.status === 'completed' ? 0 : 1,
  };
}
