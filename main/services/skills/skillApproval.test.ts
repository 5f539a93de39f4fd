import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/Logger';
import type { Skill } from '../mcp/session/SessionSkills';
import { SkillApprovals } from './SkillApprovals';
import { approvalOf, approves, changeSince, listingDigest, reapprovalOf } from './skillApproval';

const digest = (c: string) => `sha256:${c.repeat(64)}`;
const entry = (over: Partial<Skill> = {}): Skill => ({
  uri: 'skill://notes/SKILL.md',
  frontmatter: { name: 'notes', description: 'Take notes', license: 'MIT' },
  resources: [
    { uri: 'skill://notes/SKILL.md', digest: digest('a'), size: 100 },
    { uri: 'skill://notes/references/A.md', digest: digest('b'), size: 10 },
  ],
  ...over,
});
const approved = approvalOf(entry());
if (!approved) throw new Error('approvable');

describe('what an approval binds to', () => {
  it('is the listing as approved: unchanged, it approves; any one change revokes', () => {
    expect(changeSince(approved, entry())).toBeUndefined();
    expect(approves({ state: 'approved', approved }, entry())).toBe(true);
    // The same files in another order are the same set.
    const reordered = entry({ resources: [...(entry().resources as [])].reverse() });
    expect(changeSince(approved, reordered)).toBeUndefined();

    const changes: [string, Skill][] = [
      [
        'description',
        entry({ frontmatter: { name: 'notes', description: 'Other', license: 'MIT' } }),
      ],
      [
        'name',
        entry({ frontmatter: { name: 'other', description: 'Take notes', license: 'MIT' } }),
      ],
      [
        'another field',
        entry({ frontmatter: { name: 'notes', description: 'Take notes', license: 'GPL' } }),
      ],
      [
        'a field added',
        entry({ frontmatter: { name: 'notes', description: 'Take notes', license: 'MIT', x: 1 } }),
      ],
      [
        'a digest',
        entry({
          resources: [
            { uri: 'skill://notes/SKILL.md', digest: digest('c'), size: 100 },
            { uri: 'skill://notes/references/A.md', digest: digest('b'), size: 10 },
          ],
        }),
      ],
      [
        'a size',
        entry({
          resources: [
            { uri: 'skill://notes/SKILL.md', digest: digest('a'), size: 101 },
            { uri: 'skill://notes/references/A.md', digest: digest('b'), size: 10 },
          ],
        }),
      ],
      [
        'a file removed',
        entry({ resources: [{ uri: 'skill://notes/SKILL.md', digest: digest('a'), size: 100 }] }),
      ],
      ['no file list any more', entry({ resources: 'dynamic' })],
    ];
    for (const [what, changed] of changes) {
      expect(changeSince(approved, changed), what).toBeDefined();
      expect(approves({ state: 'approved', approved }, changed), what).toBe(false);
      expect(listingDigest(changed), what).not.toBe(listingDigest(entry()));
    }
  });

  it('says what changed: texts old and new, fields by name, files added, removed, changed', () => {
    const next = entry({
      frontmatter: { name: 'notes', description: 'Send notes away', license: 'GPL' },
      resources: [
        { uri: 'skill://notes/SKILL.md', digest: digest('c'), size: 120 },
        { uri: 'skill://notes/scripts/send.sh', digest: digest('d'), size: 5 },
      ],
    });
    expect(changeSince(approved, next)).toEqual({
      description: { before: 'Take notes', after: 'Send notes away' },
      fields: ['license'],
      added: [{ uri: 'skill://notes/scripts/send.sh', path: 'scripts/send.sh', size: 5 }],
      removed: [{ uri: 'skill://notes/references/A.md', path: 'references/A.md', size: 10 }],
      changed: [{ uri: 'skill://notes/SKILL.md', path: 'SKILL.md', size: 120, sizeBefore: 100 }],
    });
    expect(reapprovalOf({ state: 'approved', approved }, next)?.reason).toBe('changed');
    expect(reapprovalOf({ state: 'approved', approved }, entry())).toBeUndefined();
    expect(reapprovalOf(undefined, next)).toBeUndefined();
  });

  it('a revoked approval stays revoked, even when the listing is as approved again', () => {
    const record = { state: 'revoked' as const, approved };
    expect(approves(record, entry())).toBe(false);
    expect(reapprovalOf(record, entry())).toEqual({
      reason: 'changed',
      fields: [],
      added: [],
      removed: [],
      changed: [],
    });
  });

  it('a skill without a file list cannot be approved', () => {
    expect(approvalOf(entry({ resources: 'dynamic' }))).toBeUndefined();
  });
});

describe('SkillApprovals (skills.json)', () => {
  const log = createLogger({ consoleLevel: 'silent' });

  it('keeps approvals and revocations across a restart', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'sb-skill-approvals-')), 'skills.json');
    const first = new SkillApprovals(file, log);
    await first.load();
    await first.approve('s', 'skill://notes/SKILL.md', approved);
    await first.approve('s', 'skill://other/SKILL.md', approved);
    await first.revoke('s', 'skill://other/SKILL.md');
    const again = new SkillApprovals(file, log);
    await again.load();
    expect(again.get('s', 'skill://notes/SKILL.md')).toEqual({ state: 'approved', approved });
    expect(again.get('s', 'skill://other/SKILL.md')).toEqual({ state: 'revoked', approved });
    await again.remove('s', 'skill://other/SKILL.md');
    expect(again.get('s', 'skill://other/SKILL.md')).toBeUndefined();
  });

  it('a version 1 file (skills on, nothing recorded) asks again for each, and keeps asking', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'sb-skill-approvals-')), 'skills.json');
    await writeFile(
      file,
      JSON.stringify({ version: 1, enabled: [{ server: 's', uri: 'skill://notes/SKILL.md' }] }),
    );
    const approvals = new SkillApprovals(file, log);
    await approvals.load();
    const record = approvals.get('s', 'skill://notes/SKILL.md');
    expect(record).toEqual({ state: 'unrecorded' });
    expect(approves(record, entry())).toBe(false);
    expect(reapprovalOf(record, entry())?.reason).toBe('unrecorded');
    // Another write keeps it asking.
    await approvals.approve('s', 'skill://other/SKILL.md', approved);
    const again = new SkillApprovals(file, log);
    await again.load();
    expect(again.get('s', 'skill://notes/SKILL.md')).toEqual({ state: 'unrecorded' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 2 });
  });

  it('an unreadable file approves nothing', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'sb-skill-approvals-')), 'skills.json');
    await writeFile(file, '{"version":2,"approvals":[{"server":"s"}]}');
    const approvals = new SkillApprovals(file, log);
    await approvals.load();
    expect(approvals.get('s', 'skill://notes/SKILL.md')).toBeUndefined();
  });
});
