import { AppError, AppErrorCode } from '../../../shared/errors';
import type { CliContext, CommandResult } from '../CliContext';
import { CliUsageError } from '../parseCliArgs';

/**
 * `secret set NAME` (the value on standard input, never on the command line, where the shell's
 * history and the process list would show it), `secret delete NAME` and `secret list`: the
 * values a servers file names as `${secret:NAME}`, in the data dir's secret store — the same
 * ones the server form, installs and imports keep. No value is ever printed.
 */
export async function secretCommand(ctx: CliContext): Promise<CommandResult> {
  const [action, name, ...extra] = ctx.args.positionals;
  const secrets = ctx.serverSecrets();
  if (action === 'list' && name === undefined) {
    const names = await secrets.names();
    return {
      json: { names },
      text: names.length === 0 ? 'No secrets are kept.' : names.join('\n'),
      exitCode: 0,
    };
  }
  if ((action !== 'set' && action !== 'delete') || !name || extra.length > 0) {
    throw new CliUsageError('secret needs set <name>, delete <name> or list');
  }
  if (action === 'delete') {
    await secrets.delete(name);
    return { json: { deleted: name }, text: `Deleted the secret ${name}.`, exitCode: 0 };
  }
  if (!ctx.io.readStdin) throw new AppError(AppErrorCode.Unsupported, 'No standard input here.');
  // One trailing newline is what `echo` or a file adds; the value itself is kept as given.
  await secrets.set(name, (await ctx.io.readStdin()).replace(/\r?\n$/, ''));
  return {
    json: { stored: name },
    // The CLI's store is always the data dir's 0600 file: say so, as the app's windows do.
    text: `Stored the secret ${name} in ${ctx.paths.secretsFile} (a file only your user can read); write \${secret:${name}} in servers.json to use it.`,
    exitCode: 0,
  };
}
