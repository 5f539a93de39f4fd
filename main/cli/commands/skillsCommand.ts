import { join } from 'node:path';
import { formatBytes } from '../../../shared/domain/formatBytes';
import type { ServerSkillsView, SkillView } from '../../../shared/domain/skills';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { HostEvents } from '../../services/base/HostEvents';
import { SkillsService } from '../../services/skills/SkillsService';
import type { CliContext, CommandResult } from '../CliContext';
import { CliUsageError, flagString } from '../parseCliArgs';

/**
 * `skills <server> [--enable NAME] [--disable NAME]`: the skills a server offers (name,
 * description, files and sizes; nothing is fetched to list them), and which are offered to the
 * model; a skill that changed since it was approved is off, with what changed. `--enable`
 * approves a skill as listed now, `--disable` turns it off; both take a skill's name, its
 * `<server>/<path>` name or its URI and keep the choice in the data dir (the app and `chat` use
 * the same).
 */
export async function skillsCommand(ctx: CliContext): Promise<CommandResult> {
  const [server, ...extra] = ctx.args.positionals;
  if (!server || extra.length > 0) throw new CliUsageError('skills needs exactly one <server>');
  const mcp = await ctx.startServers(server);
  const skills = new SkillsService({
    mcp,
    events: new HostEvents(),
    log: ctx.log.child('skills'),
    file: join(ctx.paths.dataDir, 'skills.json'),
  });
  await skills.start();
  try {
    let view = await skills.settled(server);
    for (const [flag, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      const wanted = flagString(ctx.args, flag);
      if (wanted === undefined) continue;
      view = await skills.setEnabled(server, findSkill(view, wanted).uri, enabled);
    }
    return {
      json: view,
      text: describe(view),
      exitCode: view.state === 'error' || view.state === 'offline' ? 1 : 0,
    };
  } finally {
    skills.dispose();
  }
}

function findSkill(view: ServerSkillsView, wanted: string): SkillView {
  const found = view.skills.filter(
    (s) => s.name === wanted || s.qualifiedName === wanted || s.uri === wanted,
  );
  if (found.length === 1 && found[0]) return found[0];
  throw new AppError(
    found.length === 0 ? AppErrorCode.NotFound : AppErrorCode.Validation,
    found.length === 0
      ? `Server “${view.server}” offers no skill “${wanted}”.`
      : `Several skills of “${view.server}” are named “${wanted}”; give its full name (${found.map((s) => s.qualifiedName).join(', ')}).`,
  );
}

function describe(view: ServerSkillsView): string {
  if (view.state === 'unsupported') return `${view.server} offers no skills.`;
  if (view.state === 'offline') return `${view.server} is not connected.`;
  if (view.state === 'error')
    return `Listing the skills of ${view.server} failed: ${view.error ?? ''}`;
  const lines: string[] = [];
  for (const skill of view.skills) {
    lines.push(
      `${skill.qualifiedName}  [${skill.enabled ? 'enabled' : 'disabled'}]  ${skill.description}`,
    );
    if (skill.reapproval) lines.push(...describeReapproval(skill));
    if (skill.refusal) lines.push(`  refused: ${skill.refusal.detail}`);
    if (!skill.files) {
      lines.push('  no file list (dynamic): cannot be verified, not offered to the model');
      continue;
    }
    lines.push(
      `  ${skill.uri}  (${skill.files.length} files, ${formatBytes(skill.totalBytes ?? 0)})`,
    );
    for (const file of skill.files) lines.push(`    ${file.path}  ${formatBytes(file.size)}`);
  }
  for (const entry of view.invalid) {
    lines.push(`invalid entry${entry.uri ? ` ${entry.uri}` : ''}: ${entry.reason}`);
  }
  return lines.length > 0 ? lines.join('\n') : `${view.server} lists no skills.`;
}

/** A skill that asks for approval again: why, and what changed since it was approved. */
function describeReapproval(skill: SkillView): string[] {
  const change = skill.reapproval;
  if (!change) return [];
  const lines = [
    change.reason === 'unrecorded'
      ? '  turned on before approvals recorded what they cover: not offered until approved again'
      : '  changed since it was approved: not offered until approved again',
  ];
  if (change.name) lines.push(`    name: “${change.name.before}” → “${change.name.after}”`);
  if (change.description) {
    lines.push(`    description was: ${change.description.before}`);
    lines.push(`    description now: ${change.description.after}`);
  }
  if (change.fields.length > 0) lines.push(`    also changed: ${change.fields.join(', ')}`);
  for (const file of change.added) lines.push(`    + ${file.path}  ${formatBytes(file.size)}`);
  for (const file of change.removed) lines.push(`    - ${file.path}  ${formatBytes(file.size)}`);
  for (const file of change.changed) {
    lines.push(`    ~ ${file.path}  ${formatBytes(file.sizeBefore)} → ${formatBytes(file.size)}`);
  }
  lines.push(`    --enable ${skill.qualifiedName} approves it as listed now`);
  return lines;
}
