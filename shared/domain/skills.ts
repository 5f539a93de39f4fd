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

/** One skill a server offers (SEP-2640), with the person's choice for it. */
export const skillViewSchema = z.object({
  /** The URI of its `SKILL.md`: with the server, what identifies it. */
  uri: z.string(),
  name: z.string(),
  description: z.string(),
  /** What the model calls it by: `<server>/<skill path>`, unique across servers. */
  qualifiedName: z.string(),
  enabled: z.boolean(),
  /**
   * Its files with their sizes. Absent for a skill whose server publishes no file list
   * ("dynamic"): such a skill cannot be verified and is not offered to the model.
   */
  files: z.array(skillFileViewSchema).optional(),
  totalBytes: z.number().int().nonnegative().optional(),
  /** Why it was last refused (digest, size or frontmatter mismatch), if it was. */
  refusal: z.string().optional(),
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
