import { emptyServerForm, type FormRow, type ServerForm } from '../../../shared/domain/serverForm';
import type { CliContext, CommandResult } from '../CliContext';
import { CliUsageError, flagString, type CliArgs } from '../parseCliArgs';

/**
 * `add NAME -- COMMAND ARGS…` or `add NAME --url URL`: adds a server through the same path as
 * the app's form (`--env`/`--header K=V` written as given, `--secret-env`/`--secret-header K=V`
 * stored in the secret store with a reference in the file).
 */
export async function addCommand(ctx: CliContext): Promise<CommandResult> {
  const { args } = ctx;
  const name = args.positionals[0];
  const url = flagString(args, 'url');
  const command = args.passthrough ?? [];
  if (!name || (command.length > 0 && args.passthrough?.[0] === name)) {
    throw new CliUsageError(
      'add needs a server name: add NAME -- COMMAND ARGS… or add NAME --url URL',
    );
  }
  if ((url === undefined) === (command.length === 0)) {
    throw new CliUsageError('add needs either -- COMMAND ARGS… or --url URL (one of them)');
  }
  const transport =
    url === undefined ? 'stdio' : flagString(args, 'transport') === 'sse' ? 'sse' : 'http';
  const form: ServerForm = {
    ...emptyServerForm,
    name,
    transport,
    command: command[0] ?? '',
    args: command.slice(1),
    cwd: flagString(args, 'cwd') ?? '',
    url: url ?? '',
    env: [...pairs(args, 'env', false), ...pairs(args, 'secret-env', true)],
    headers: [...pairs(args, 'header', false), ...pairs(args, 'secret-header', true)],
  };
  const { forms, files } = await ctx.gettingServers();
  await forms.save(form);
  const entry = files.rawServer(name);
  const secrets = form.env.concat(form.headers).filter((r) => r.secret).length;
  return {
    json: { added: name, file: ctx.configFile, entry },
    text: `Added ${name} to ${ctx.configFile}${secrets > 0 ? ` (${secrets} secret${secrets === 1 ? '' : 's'} in the secret store)` : ''}.`,
    exitCode: 0,
  };
}

/** `remove NAME`: the entry and the secrets only it used; a bundle's folder too. */
export async function removeCommand(ctx: CliContext): Promise<CommandResult> {
  const name = ctx.args.positionals[0];
  if (!name) throw new CliUsageError('remove needs a server name');
  const { forms, bundles } = await ctx.gettingServers();
  const bundle = (await bundles.list()).find((b) => b.serverName === name);
  if (bundle) await bundles.uninstall(name);
  else await forms.remove(name);
  return {
    json: {
      removed: name,
      file: ctx.configFile,
      ...(bundle ? { bundleFolder: bundle.directory } : {}),
    },
    text: `Removed ${name} from ${ctx.configFile}${bundle ? ` and deleted ${bundle.directory}` : ''}.`,
    exitCode: 0,
  };
}

/** `--flag NAME=VALUE` values (repeatable) as form rows. */
function pairs(args: CliArgs, flag: string, secret: boolean): FormRow[] {
  return (args.lists.get(flag) ?? []).map(([pair = '']) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliUsageError(`--${flag} takes NAME=VALUE, not ${JSON.stringify(pair)}`);
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), secret };
  });
}

/** `--env NAME=VALUE` values (repeatable) as a map, for install. */
export function envValues(args: CliArgs): Record<string, string> {
  return Object.fromEntries(pairs(args, 'env', false).map((row) => [row.name, row.value]));
}
