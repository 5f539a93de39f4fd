import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { SkillReapproval } from '../../../shared/domain/skills';
import type { Skill } from '../mcp/session/SessionSkills';
import type { ApprovalRecord } from './SkillApprovals';
import { pathInSkill } from './skillPaths';

/** One file of a skill as the listing gave it when the person approved the skill. */
export interface ApprovedFile {
  uri: string;
  digest: string;
  size: number;
}

/**
 * What an approval binds to (SEP-2640): the skill's frontmatter as listed (its name and
 * description among it) and the set of its files with their digests and sizes.
 */
export interface SkillApproval {
  frontmatter: { name: string; description: string } & Record<string, unknown>;
  files: ApprovedFile[];
}

/** The differences between an approval and a listing entry; `undefined` when there are none. */
export type SkillChange = Omit<SkillReapproval, 'reason'>;

/** What approving `entry` binds to; a skill without a file list ("dynamic") cannot be approved. */
export function approvalOf(entry: Skill): SkillApproval | undefined {
  if (entry.resources === 'dynamic') return undefined;
  return {
    frontmatter: { ...entry.frontmatter },
    files: entry.resources.map(({ uri, digest, size }) => ({ uri, digest, size })),
  };
}

/**
 * SHA-256 of the listing entry as received: URI, frontmatter, files with digests and sizes.
 * Two views of one listing give the same value; any change of what an approval binds to gives
 * another. (Keys are not sorted: a listing that only reorders them asks to be looked at again.)
 */
export function listingDigest(entry: Skill): string {
  const files =
    entry.resources === 'dynamic'
      ? 'dynamic'
      : entry.resources.map(({ uri, digest, size }) => [uri, digest, size]);
  const canonical = JSON.stringify([entry.uri, entry.frontmatter, files]);
  return `sha256:${createHash('sha256').update(canonical).digest('hex')}`;
}

/**
 * How `entry` differs from what was approved: name and description (old and new), other
 * frontmatter fields (by name), files added, removed, or whose digest or size changed. A skill
 * that now lists no files ("dynamic") has lost every approved file.
 */
export function changeSince(approved: SkillApproval, entry: Skill): SkillChange | undefined {
  const before = approved.frontmatter;
  const after = entry.frontmatter as SkillApproval['frontmatter'];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => key !== 'name' && key !== 'description' && !isDeepStrictEqual(before[key], after[key]),
  );
  const now = new Map(
    (entry.resources === 'dynamic' ? [] : entry.resources).map((file) => [file.uri, file]),
  );
  const then = new Map(approved.files.map((file) => [file.uri, file]));
  const view = (file: ApprovedFile) => ({
    uri: file.uri,
    path: pathInSkill(entry.uri, file.uri),
    size: file.size,
  });
  const added = [...now.values()].filter((file) => !then.has(file.uri)).map(view);
  const removed = approved.files.filter((file) => !now.has(file.uri)).map(view);
  const changed = approved.files.flatMap((old) => {
    const file = now.get(old.uri);
    if (!file || (file.digest === old.digest && file.size === old.size)) return [];
    return [{ ...view(file), sizeBefore: old.size }];
  });
  const change: SkillChange = {
    ...(before.name !== after.name ? { name: { before: before.name, after: after.name } } : {}),
    ...(before.description !== after.description
      ? { description: { before: before.description, after: after.description } }
      : {}),
    fields,
    added,
    removed,
    changed,
  };
  const same =
    !change.name &&
    !change.description &&
    fields.length + added.length + removed.length + changed.length === 0;
  return same ? undefined : change;
}

/** Whether `record` lets `entry` reach the model: approved, and `entry` is exactly what was. */
export function approves(record: ApprovalRecord | undefined, entry: Skill): boolean {
  return (
    record?.state === 'approved' &&
    entry.resources !== 'dynamic' &&
    changeSince(record.approved, entry) === undefined
  );
}

/** Why a skill the person turned on asks again, with what changed; none if it does not. */
export function reapprovalOf(
  record: ApprovalRecord | undefined,
  entry: Skill,
): SkillReapproval | undefined {
  if (!record || approves(record, entry)) return undefined;
  const none = { fields: [], added: [], removed: [], changed: [] };
  if (record.state === 'unrecorded') return { reason: 'unrecorded', ...none };
  // Revoked, then listed as approved again: still asks (the change revoked it), nothing to show.
  return { reason: 'changed', ...(changeSince(record.approved, entry) ?? none) };
}

/** The differences in a few words (English, for the server's log and the CLI). */
export function describeChange(change: SkillChange): string {
  const paths = (files: readonly { path: string }[]) => files.map((file) => file.path).join(', ');
  return [
    ...(change.name ? ['name'] : []),
    ...(change.description ? ['description'] : []),
    ...change.fields,
    ...(change.added.length > 0 ? [`files added: ${paths(change.added)}`] : []),
    ...(change.removed.length > 0 ? [`files removed: ${paths(change.removed)}`] : []),
    ...(change.changed.length > 0 ? [`files changed: ${paths(change.changed)}`] : []),
  ].join('; ');
}
