import { AppError, AppErrorCode } from '../../../shared/errors';
import { UserSecrets } from '../../services/secrets/UserSecrets';
import type { CliContext, CommandResult } from '../CliContext';
import { CliUsageError } from '../parseCliArgs';

/**
 * `secret set NAME` (the value on standard input, never on the command line, where the shell's
 * history and the process list would show it) and `secret delete NAME`: the secrets a servers
 * file names as `${secret:NAME}`, kept in the data dir's secret store. Nothing is ever printed.
 */
export async function secretCommand(ctx: CliContext): Promise<CommandResult> {
  const [action, name, ...extra] = ctx.args.positionals;
  if ((action !== 'set' && action !== 'delete') || !name || extra.length > 0) {
    throw new CliUsageError('secret needs set <name> or delete <name>');
  }
  const secrets = new UserSecrets(ctx.secretStore());
  if (action === 'delete') {
    await secrets.delete(name);
    return { json: { deleted: name }, text: `Deleted the secret ${name}.`, exitCode: 0 };
  }
  if (!ctx.io.readStdin) throw new AppError(AppErrorCode.Unsupported, 'No standard input here.');
  // One trailing newline is what `echo` or a file adds; the value itself is kept as given.
  await secrets.set(name, (await ctx.io.readStdin()).replace(/\r?\n$/, ''));
  return {
    json: { stored: name },
    text: `Stored the secret ${name}; write \${secret:${name}} in servers.json to use it.`,
    exitCode: 0,
  };
}
