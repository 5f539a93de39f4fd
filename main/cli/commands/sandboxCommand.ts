import type { SandboxDetail, SandboxViolation } from '../../../shared/domain/serverSandbox';
import { formatHostText } from '../../../shared/text/hostText';
import { ServerSandboxing } from '../../services/sandbox/ServerSandboxing';
import type { CliContext, CommandResult } from '../CliContext';
import { CliUsageError } from '../parseCliArgs';
import { readInteractionFlags } from '../readInteractionFlags';

/**
 * `sandbox <server> [--roots DIR…]`: the rules the server runs under when started from here (the
 * defaults put in, `~` for the home folder) and its recent refused attempts — kept in the data
 * folder by the app and by the CLI alike. Nothing is started.
 */
export async function sandboxCommand(ctx: CliContext): Promise<CommandResult> {
  const [name, ...extra] = ctx.args.positionals;
  if (!name || extra.length > 0) throw new CliUsageError('sandbox needs exactly one <server>');
  const config = await ctx.serverConfig(name);
  const { roots } = await readInteractionFlags(ctx.args, () => {});
  const sandbox = new ServerSandboxing({
    dataDir: ctx.paths.dataDir,
    log: ctx.log.child('sandbox'),
    env: ctx.env,
    roots: () => roots,
  });
  const detail = await sandbox.detail(config);
  return { json: detail, text: describe(detail), exitCode: detail.problem ? 1 : 0 };
}

function describe(detail: SandboxDetail): string {
  const lines: string[] = [];
  const { rules } = detail;
  if (!detail.enabled || !rules) {
    lines.push(
      `${detail.server}: not sandboxed (a local server runs sandboxed with "sandboxEnabled": true in its entry)`,
    );
  } else {
    lines.push(`${detail.server}: sandboxed`);
    if (detail.problem) lines.push(`  cannot start here: ${formatHostText(detail.problem)}`);
    const list = (title: string, entries: readonly string[], none: string) => {
      lines.push(`  ${title}:${entries.length === 0 ? ` ${none}` : ''}`);
      for (const entry of entries) lines.push(`    ${entry}`);
    };
    list('read: everywhere except', rules.denyRead, '(nothing)');
    list('  but may read', rules.allowRead, '(nothing more)');
    list('write: only in', rules.allowWrite, '(nowhere)');
    list('  never in', rules.denyWrite, '(no exceptions)');
    list('connect: only to', rules.allowedDomains, '(no network)');
    list('  never to', rules.deniedDomains, '(no exceptions)');
  }
  lines.push(
    detail.violations.length === 0
      ? 'No blocked attempts recorded.'
      : 'Recent blocked attempts, newest first:',
  );
  for (const violation of detail.violations) lines.push(`  ${describeViolation(violation)}`);
  return lines.join('\n');
}

const WITNESS: Record<SandboxViolation['source'], string> = {
  os: 'reported by the system',
  proxy: 'refused by the network proxy',
  error: 'seen in the server’s error',
};

function describeViolation(v: SandboxViolation): string {
  const times = v.count > 1 ? `, ${v.count} times` : '';
  const allow = v.allow ? `; to allow: ${v.allow.key} ${v.allow.value}` : '';
  return `${new Date(v.at).toISOString()}  blocked: ${v.kind} ${v.target} (${WITNESS[v.source]}${times})${allow}`;
}
