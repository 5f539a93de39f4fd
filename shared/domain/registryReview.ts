import { z } from 'zod';
import { sandboxFormSchema } from './serverForm';
import { hostTextSchema } from '../text/hostTextSchema';
import { registryServerSchema } from './registryViews';

/**
 * The install review of one registry server: the version document that will be installed,
 * pinned by its digest, and everything each way of running it would start or send. Built in
 * main; the renderer and the CLI only show it.
 */

/**
 * Where a value that runs comes from: added by Switchboard (the runner and its fixed flags),
 * fixed by the registry, the registry's text with the person's answers in it, the registry's
 * default (the person may change it), typed by the person, or typed by the person and kept in
 * the secret store (the file holds only `${secret:NAME}`).
 */
export const valueSourceSchema = z.enum([
  'switchboard',
  'registry',
  'template',
  'default',
  'you',
  'secret',
]);
export type ValueSource = z.infer<typeof valueSourceSchema>;

/** One value as it will be written: `<LABEL>` stands for a value not typed yet. */
export const planValueSchema = z.object({
  text: z.string().max(70_000),
  source: valueSourceSchema,
  /** The question whose answer fills it, when there is one. */
  inputId: z.string().max(500).optional(),
  /** Left out when no value is given. */
  optional: z.boolean().optional(),
});
export type PlanValue = z.infer<typeof planValueSchema>;

const namedValueSchema = z.object({ name: z.string().max(500), value: planValueSchema });

/** Everything one install option runs or sends. */
export const runPlanSchema = z.object({
  option: z.number().int().min(0),
  /** A program started here (`stdio`) or a remote reached over HTTP or SSE. */
  transport: z.enum(['stdio', 'http', 'sse']),
  /** A program started on this computer (absent for a remote). */
  command: planValueSchema.optional(),
  args: z.array(planValueSchema).max(2000),
  env: z.array(namedValueSchema).max(500),
  /** A remote's address. */
  url: planValueSchema.optional(),
  headers: z.array(namedValueSchema).max(500),
  /** Why this option is refused (a runner or a runtime argument not allowed), when it is. */
  refused: z.string().max(2000).optional(),
  refusedText: hostTextSchema.optional(),
  /**
   * The sandbox this option is installed with (a package run here), for the person to accept
   * or widen; absent when none applies (a remote, a container image).
   */
  sandbox: sandboxFormSchema.optional(),
});
export type RunPlan = z.infer<typeof runPlanSchema>;

/** One field that differs between two documents (`packages[0].runtimeHint`), as JSON text. */
export const fieldChangeSchema = z.object({
  path: z.string().max(1000),
  /** Absent when the field was added. */
  before: z.string().max(2000).optional(),
  /** Absent when the field was removed. */
  after: z.string().max(2000).optional(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** `sha256:` and the hex digest of the document's canonical (RFC 8785) JSON bytes. */
export const documentDigestSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/);

export const registryReviewSchema = z.object({
  /** The version document as the browser shows it (options and what each asks). */
  server: registryServerSchema,
  digest: documentDigestSchema,
  /** The version document itself, indented (cut at `MAX_REVIEW_DOCUMENT_CHARS`). */
  document: z.string().max(256 * 1024),
  documentTruncated: z.boolean().optional(),
  plans: z.array(runPlanSchema).max(100),
  /**
   * Set when the version document differs from the listing the person saw in what would run:
   * nothing can be installed from this review.
   */
  listingChanges: z.array(fieldChangeSchema).max(200).optional(),
});
export type RegistryReview = z.infer<typeof registryReviewSchema>;

/** The most of the version document a review carries. */
export const MAX_REVIEW_DOCUMENT_CHARS = 256 * 1024;
