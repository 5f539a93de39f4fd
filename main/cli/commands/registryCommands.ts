import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { RegistryServer } from '../../../shared/domain/registryViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { CliContext, CommandResult } from '../CliContext';
import { CliUsageError, flagString } from '../parseCliArgs';
import { envValues } from './addRemoveCommands';
import { registryReviewText } from './registryReviewText';
import { assertInstallable } from '../../services/registry/buildRegistryEntry';
import { formatHostText, hostText } from '../../../shared/text/hostText';

/** `search QUERY`: every page of the registry's latest versions whose names contain QUERY. */
export async function searchCommand(ctx: CliContext): Promise<CommandResult> {
  const query = ctx.args.positionals.join(' ');
  const { registry } = await ctx.gettingServers();
  const servers = await registry.searchAll(query);
  const text = servers.map(describeServer).join('\n');
  return {
    json: { query, servers },
    text: text || `No servers whose names contain “${query}”.`,
    exitCode: 0,
  };
}

/**
 * `install REGISTRY_NAME [--version V] [--option N] [--name NAME] [--env NAME=VALUE]…
 * [--docker-arg=ARG]… [--dry-run]` or `install FILE.mcpb [--name NAME] [--env KEY=VALUE]…
 * [--allow-untrusted]`. A registry install prints its review on stderr first (what runs, each
 * part's source); `--dry-run` stops there. Values declared secret go to the secret store; a
 * required value not given refuses the install and names it.
 */
export async function installCommand(ctx: CliContext): Promise<CommandResult> {
  const target = ctx.args.positionals[0];
  if (!target) throw new CliUsageError('install needs a registry server name or an .mcpb file');
  const values = envValues(ctx.args);
  const services = await ctx.gettingServers();
  if (/\.(mcpb|dxt)$/i.test(target) || (await isFile(target))) {
    const path = resolve(target);
    const view = await services.bundles.inspect(path);
    const serverName = flagString(ctx.args, 'name') ?? view.suggestedName;
    const result = await services.bundles.install({
      path,
      serverName,
      userConfig: values,
      digest: view.digest,
      acceptUntrusted: ctx.args.flags.has('allow-untrusted'),
    });
    return {
      json: { installed: serverName, from: path, bundle: view, directory: result.directory },
      text: `Installed ${view.displayName ?? view.name} ${view.version} as ${serverName} (signature: ${view.signature.state}; ${view.runtime.message}).`,
      exitCode: 0,
    };
  }
  // The review: the version document, pinned; what is installed below is that document.
  const review = await services.registry.review(
    target,
    flagString(ctx.args, 'version') ?? 'latest',
  );
  const server = review.server;
  const chosen = flagString(ctx.args, 'option');
  const option =
    chosen !== undefined
      ? server.options.find((o) => o.index === Number(chosen))
      : server.options.find((o) => o.supported);
  if (!option) {
    const reasons = server.options.map((o) => o.unsupportedReason).filter(Boolean);
    throw new AppError(
      AppErrorCode.Validation,
      `${server.name} has no install option ${chosen ?? 'that can run here'}${reasons.length > 0 ? `: ${reasons.join(' ')}` : '.'}`,
    );
  }
  const serverName = flagString(ctx.args, 'name') ?? defaultName(server.name);
  const extraArguments = ctx.args.lists.get('docker-arg')?.map(([arg]) => arg ?? '');
  const request = {
    name: server.name,
    version: server.version,
    digest: review.digest,
    option: option.index,
    serverName,
    values,
    ...(extraArguments ? { extraArguments } : {}),
  };
  // Printed before anything is written, whatever comes next; scripts still get no question.
  const preview = services.registry.preview(request);
  ctx.io.err(`${registryReviewText(review, preview.plan, preview.missing)}\n`);
  if (ctx.args.flags.has('dry-run')) {
    // What the install would refuse, it refuses here too (after the review was printed).
    assertInstallable(server.name, preview);
    return {
      json: {
        dryRun: true,
        from: server.name,
        version: server.version,
        digest: review.digest,
        option,
        serverName,
        plan: preview.plan,
      },
      text: formatHostText(hostText('registryReview.dryRun')),
      exitCode: 0,
    };
  }
  const result = await services.registry.install(request);
  return {
    json: {
      installed: serverName,
      from: server.name,
      version: server.version,
      option,
      secrets: result.secrets,
    },
    text: `Installed ${server.name} ${server.version} as ${serverName} (${option.preview})${result.secrets.length > 0 ? `; ${result.secrets.length} secret${result.secrets.length === 1 ? '' : 's'} in the secret store` : ''}.`,
    exitCode: 0,
  };
}

function describeServer(server: RegistryServer): string {
  const head = `${server.name} ${server.version}${server.valid ? '' : '  (does not match the schema)'}`;
  const lines = [head, `    ${server.description}`];
  for (const option of server.options) {
    const asks = option.inputs.map(
      (i) => `${i.label}${i.required ? '*' : ''}${i.secret ? ' (secret)' : ''}`,
    );
    lines.push(
      `    [${option.index}] ${option.kind} ${option.type}: ${option.preview}${optionNote(option)}${asks.length > 0 ? `\n        asks: ${asks.join(', ')}` : ''}`,
    );
  }
  return lines.join('\n');
}

/** `io.github.owner/server-name` → `server-name`. */
function defaultName(registryName: string): string {
  return (
    registryName
      .split('/')
      .pop()
      ?.replace(/[^A-Za-z0-9_.-]+/g, '-') || registryName
  );
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}

/** Why an option cannot run here, or what it needs that this computer lacks. */
function optionNote(option: RegistryServer['options'][number]): string {
  if (!option.supported) return ` — ${option.unsupportedReason ?? 'not supported'}`;
  return option.runnerMissing
    ? ` — needs ${option.runnerMissing}, which was not found on this computer`
    : '';
}
