import { CliUsageError, flagJsonObject } from '../parseCliArgs';
import type { CliContext, CommandResult } from '../CliContext';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { TaskView } from '../../../shared/domain/tasks';
import { signInReason } from '../../services/mcp/auth/authErrors';
import { needsSignInError } from '../needsSignIn';
import { resumeHint, taskStatusLine } from './describeTask';
import { toolResultOutput } from './toolResultOutput';

/**
 * `call <server> <tool> [--args JSON] [--task] [--detach]`: one tool call by its original name.
 * A tool the server runs as a task is waited for, its status changes on stderr; `--detach`
 * prints the task reference and leaves it running; `--task` asks for a task where the tool
 * makes it optional.
 */
export async function callCommand(ctx: CliContext): Promise<CommandResult> {
  const [server, tool] = ctx.args.positionals;
  if (!server || !tool) throw new CliUsageError('call needs <server> <tool>');
  const args = flagJsonObject(ctx.args, 'args');
  const detach = ctx.args.flags.has('detach');
  const mcp = await ctx.startServers(server);
  const tasks = ctx.tasks(mcp);
  let task: TaskView | undefined;
  const started = await tasks
    .begin({
      server,
      tool,
      args,
      origin: 'cli',
      timeoutMs: ctx.timeoutMs,
      ...(ctx.args.flags.has('task') ? { preferTask: true } : {}),
      ...(ctx.io.signal ? { signal: ctx.io.signal } : {}),
      // Ctrl+C stops waiting; the task goes on and can be taken up again.
      keepOnAbort: () => {
        if (task) ctx.notes.push(`The task goes on. Take it up again with: ${resumeHint(task)}`);
        return true;
      },
      onTask: (view) => {
        task = view;
        if (!detach) ctx.io.err(`${taskStatusLine(view)}\n`);
      },
    })
    .catch(signInHint(server));
  if (started.kind === 'result') return toolResultOutput(started.result);
  if (detach) {
    started.done.catch(() => undefined);
    await tasks.detach(started.view.id);
    return {
      json: { task: started.view },
      text: `${server} ${started.view.taskId}\nResume: ${resumeHint(started.view)}`,
      exitCode: 0,
    };
  }
  const result = await started.done.catch(signInHint(server));
  return toolResultOutput(result, { task: tasks.get(started.view.id) });
}

/** The tokens stopped working and could not be refreshed: the same hint as at connect. */
function signInHint(server: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof AppError && error.code === AppErrorCode.McpAuthRequired) {
      throw needsSignInError(server, signInReason(error)?.message);
    }
    throw error;
  };
}
