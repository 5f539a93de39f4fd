import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Logger } from '../../platform/Logger';
import { writeFileAtomic } from '../../platform/writeFileAtomic';
import type { SkillApproval } from './skillApproval';

const approvalSchema = z.object({
  frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
  files: z.array(
    z.object({ uri: z.string(), digest: z.string(), size: z.number().int().nonnegative() }),
  ),
});

const recordSchema = z.union([
  z.object({
    server: z.string(),
    uri: z.string(),
    state: z.enum(['approved', 'revoked']),
    approved: approvalSchema,
  }),
  z.object({ server: z.string(), uri: z.string(), state: z.literal('unrecorded') }),
]);

/** Version 1 knew only which skills were on, not what the person had approved. */
const fileSchema = z.discriminatedUnion('version', [
  z.object({
    version: z.literal(1),
    enabled: z.array(z.object({ server: z.string(), uri: z.string() })),
  }),
  z.object({ version: z.literal(2), approvals: z.array(recordSchema) }),
]);

/**
 * The person's approval of one skill: `approved` while the listing matches what they approved,
 * `revoked` once it differed (kept, so the change can be shown against it), or `unrecorded`
 * (turned on before approvals recorded what they covered; never offered).
 */
export type ApprovalRecord =
  { state: 'approved' | 'revoked'; approved: SkillApproval } | { state: 'unrecorded' };

/**
 * The skills the person approved, per server, kept in `skills.json`. A skill is the pair of the
 * server's name and its `SKILL.md` URI (two servers may serve the same URI); an approval binds
 * to what the listing said when the person gave it (SEP-2640), and a change revokes it until
 * they approve again. Nothing is approved until the person says so: skills are instructions a
 * server gives the model.
 */
export class SkillApprovals {
  private readonly records = new Map<string, ApprovalRecord>();
  private writing: Promise<unknown> = Promise.resolve();
  /** Servers with a skill turned on, worked out again after a change (asked once per server). */
  private serversOn: Set<string> | undefined;

  constructor(
    private readonly file: string | undefined,
    private readonly log: Logger,
  ) {}

  async load(): Promise<void> {
    if (!this.file) return;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return; // none yet
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) {
      this.log.warn('ignoring an unreadable skills file', { file: this.file });
      return;
    }
    if (parsed.data.version === 1) {
      for (const { server, uri } of parsed.data.enabled) {
        this.records.set(key(server, uri), { state: 'unrecorded' });
      }
      return;
    }
    for (const { server, uri, ...record } of parsed.data.approvals) {
      this.records.set(key(server, uri), record);
    }
  }

  get(server: string, uri: string): ApprovalRecord | undefined {
    return this.records.get(key(server, uri));
  }

  /** Whether the person turned on any skill of this server (approved, or asking again). */
  hasApproved(server: string): boolean {
    this.serversOn ??= new Set(
      [...this.records]
        .filter(([, record]) => record.state !== 'revoked')
        .map(([entry]) => (JSON.parse(entry) as { server: string }).server),
    );
    return this.serversOn.has(server);
  }

  /** Records the person's approval of exactly `approved`, and writes the file. */
  approve(server: string, uri: string, approved: SkillApproval): Promise<void> {
    this.records.set(key(server, uri), { state: 'approved', approved });
    return this.save();
  }

  /** Forgets the skill's approval (the person turned it off), and writes the file. */
  remove(server: string, uri: string): Promise<void> {
    this.records.delete(key(server, uri));
    return this.save();
  }

  /**
   * The listing no longer matches the approval: it stops counting at once (in memory, before
   * the write), and is kept to show what changed.
   */
  revoke(server: string, uri: string): Promise<void> {
    const record = this.records.get(key(server, uri));
    if (record?.state !== 'approved') return Promise.resolve();
    this.records.set(key(server, uri), { state: 'revoked', approved: record.approved });
    return this.save();
  }

  /** Writes the file (writes are serialized). */
  private async save(): Promise<void> {
    // Every change to the records is saved: what was worked out from them is stale now.
    this.serversOn = undefined;
    const { file } = this;
    if (!file) return;
    const approvals = [...this.records].map(([entry, record]) => ({
      ...(JSON.parse(entry) as { server: string; uri: string }),
      ...record,
    }));
    const content = { version: 2, approvals };
    const next = this.writing
      .catch(() => undefined)
      .then(() => writeFileAtomic(file, `${JSON.stringify(content, null, 2)}\n`));
    this.writing = next;
    await next;
  }
}

function key(server: string, uri: string): string {
  return JSON.stringify({ server, uri });
}
