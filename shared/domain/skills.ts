import { z } from 'zod';

/** One file of a skill as the server lists it (never its content: nothing is fetched to list). */
export const skillFileViewSchema = z.object({
  uri: z.string(),
  /** Relative to the skill's root (`SKILL.md`, `references/FORMS.md`). */
  path: z.string(),
  /** Bytes, as the listing promises them. */
  size: z.number().int().nonnegative(),
});
export type SkillFileView = z.infer<typeof skillFileViewSchema>;

/** Why a skill was refused when the model loaded it: which check failed on which file. */
export const skillRefusalViewSchema = z.object({
  reason: z.enum(['digest', 'size', 'frontmatter', 'unlisted']),
  /** The file, relative to the skill's root. */
  file: z.string(),
  /** For `frontmatter`: the fields that differ from the listing. */
  fields: z.array(z.string()).optional(),
  /** The verifier's own words (with the digests or sizes), for the curious. */
  detail: z.string(),
});
export type SkillRefusalView = z.infer<typeof skillRefusalViewSchema>;

/** A text of the skill's frontmatter, as approved and as listed now. */
const beforeAfterSchema = z.object({ before: z.string(), after: z.string() });

/** A file whose digest or size differs from the approved one. */
export const skillFileChangeSchema = skillFileViewSchema.extend({
  /** Bytes, as approved. */
  sizeBefore: z.number().int().nonnegative(),
});

/**
 * Why a skill the person turned on is off again and asks for approval (SEP-2640: approval binds
 * to the listing's URIs and digests, any change revokes it). `changed`: the listing differs from
 * the one approved, with the differences; `unrecorded`: it was turned on before approvals
 * recorded what they covered, so there is nothing to compare with.
 */
export const skillReapprovalSchema = z.object({
  reason: z.enum(['changed', 'unrecorded']),
  name: beforeAfterSchema.optional(),
  description: beforeAfterSchema.optional(),
  /** Other frontmatter fields whose values differ (names only). */
  fields: z.array(z.string()),
  added: z.array(skillFileViewSchema),
  removed: z.array(skillFileViewSchema),
  changed: z.array(skillFileChangeSchema),
});
export type SkillReapproval = z.infer<typeof skillReapprovalSchema>;

/** One skill a server offers (SEP-2640), with the person's choice for it. */
export const skillViewSchema = z.object({
  /** The URI of its `SKILL.md`: with the server, what identifies it. */
  uri: z.string(),
  name: z.string(),
  description: z.string(),
  /** What the model calls it by: `<server>/<skill path>`, unique across servers. */
  qualifiedName: z.string(),
  /** Offered to the model: approved, and listed exactly as approved. */
  enabled: z.boolean(),
  /**
   * SHA-256 of this listing entry (its URI, frontmatter and files with their digests and sizes):
   * what an approval from this view binds to. Sent back when enabling, so that a listing that
   * changed in the meantime is not approved unseen.
   */
  digest: z.string(),
  /** Turned on once, but off now until approved again: why, with what changed. */
  reapproval: skillReapprovalSchema.optional(),
  /**
   * Its files with their sizes. Absent for a skill whose server publishes no file list
   * ("dynamic"): such a skill cannot be verified and is not offered to the model.
   */
  files: z.array(skillFileViewSchema).optional(),
  totalBytes: z.number().int().nonnegative().optional(),
  /** Why it was last refused, if it was. */
  refusal: skillRefusalViewSchema.optional(),
});
export type SkillView = z.infer<typeof skillViewSchema>;

/**
 * A server's skills: `unsupported` (it does not declare the extension), `offline` (not
 * connected), `loading`, `ready` or `error` (the listing failed, with why).
 */
export const serverSkillsViewSchema = z.object({
  server: z.string(),
  state: z.enum(['unsupported', 'offline', 'loading', 'ready', 'error']),
  error: z.string().optional(),
  skills: z.array(skillViewSchema),
  /** Entries the server listed that are not valid skills, with the reason; never offered. */
  invalid: z.array(z.object({ uri: z.string().optional(), reason: z.string() })),
});
export type ServerSkillsView = z.infer<typeof serverSkillsViewSchema>;

/** The extension's identifier in a server's capabilities. */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';

/** Whether capabilities (as the detail view carries them) declare the skills extension. */
export function declaresSkills(capabilities: Record<string, unknown> | undefined): boolean {
  const extensions = capabilities?.extensions;
  return (
    typeof extensions === 'object' &&
    extensions !== null &&
    (extensions as Record<string, unknown>)[SKILLS_EXTENSION_ID] !== undefined
  );
}
