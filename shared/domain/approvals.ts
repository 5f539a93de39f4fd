import { z } from 'zod';
import { MAX_DENY_REASON } from './reasonLimits';

/**
 * Approvals: the shapes that cross from the broker (main/services/approvals) to the approval
 * dialog and the grants screen. The broker decides; these only describe.
 */

/**
 * Hints a server declares about a tool. They are the server's claims, not facts: the broker only
 * uses `readOnlyHint`, and only for servers the person chose to trust with it. Unknown hints are
 * kept so a newer server's annotations still reach the dialog.
 */
export const toolAnnotationsSchema = z.looseObject({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});
export type ToolAnnotations = z.infer<typeof toolAnnotationsSchema>;

/**
 * What a headless run uses instead of a person: `all` allows every call, `none` denies every
 * call, `readonly` allows only tools that declare `readOnlyHint` on servers trusted for it.
 */
export const approvalPolicySchema = z.enum(['all', 'none', 'readonly']);
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

/** The parts of a tool definition an "always" grant pins. */
export const pinnedFieldSchema = z.enum(['name', 'description', 'inputSchema']);
export type PinnedField = z.infer<typeof pinnedFieldSchema>;

/** One difference inside the input schema, at a readable path such as `properties.path.type`. */
export const schemaChangeSchema = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  /** The pinned value (absent for `added`). */
  before: z.unknown().optional(),
  /** The current value (absent for `removed`). */
  after: z.unknown().optional(),
});
export type SchemaChange = z.infer<typeof schemaChangeSchema>;

/**
 * How a tool differs from the definition the person approved. Shown in the dialog when a changed
 * definition suspended a grant, and on the grants screen next to the suspended grant.
 */
export const pinChangeSchema = z.object({
  /** Which pinned fields differ; never empty. */
  changed: z.array(pinnedFieldSchema).min(1),
  name: z.object({ before: z.string(), after: z.string() }),
  description: z.object({ before: z.string().optional(), after: z.string().optional() }),
  /** Added, removed and changed paths, in document order; empty when the schema is the same. */
  inputSchema: z.array(schemaChangeSchema),
  /** Schema changes left out to keep the payload bounded (a rewritten schema can be huge). */
  omittedSchemaChanges: z.number().int().nonnegative(),
  /** When the person approved the pinned definition. */
  pinnedAt: z.number(),
});
export type PinChange = z.infer<typeof pinChangeSchema>;

/**
 * Who asks for a call when it is not the model: the App (interactive UI) of a tool, calling a
 * tool of its own server. The dialog names it, so the person knows a click in an App, not the
 * model, wants this.
 */
export const approvalCallerSchema = z.object({
  kind: z.literal('app'),
  /** The tool whose App asks (its name on the server). */
  tool: z.string(),
  /** The App's `ui://` resource. */
  resourceUri: z.string(),
  /**
   * This App (one frame of it) among others: an "allow for this App" answer holds for it alone,
   * until it closes, and its requests wait for the person one at a time (see AppConsentQueue).
   */
  appId: z.string().optional(),
});
export type ApprovalCaller = z.infer<typeof approvalCallerSchema>;

/** A tool call waiting for a person. `id` is the correlation id `respond` answers. */
export const approvalRequestSchema = z.object({
  id: z.string().min(1),
  conversationId: z.string().min(1),
  /**
   * The model's tool use id of the call that waits, so a window finds its card exactly. Absent
   * from hosts older than this field; windows then match by name and arguments.
   */
  toolUseId: z.string().min(1).optional(),
  /** The server's name in the servers file. */
  server: z.string(),
  /** The tool's name as the server lists it. */
  toolName: z.string(),
  /** The name the model used (servers' tools are namespaced for the model). */
  modelName: z.string(),
  /** The tool's human title (`title`, else `annotations.title`), when it has one. */
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.record(z.string(), z.unknown()),
  annotations: toolAnnotationsSchema.optional(),
  /** Present when the ask happens because the tool changed since the person last approved it. */
  pinChange: pinChangeSchema.optional(),
  /** Absent when the model asks; set when an App does. */
  caller: approvalCallerSchema.optional(),
  /** Whether the server runs in the sandbox (absent from hosts older than this field). */
  sandboxed: z.boolean().optional(),
  createdAt: z.number(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** How long an "allow" holds: this call, the rest of this conversation, or until revoked. */
export const approvalScopeSchema = z.enum(['once', 'conversation', 'always']);
export type ApprovalScope = z.infer<typeof approvalScopeSchema>;

/**
 * What a person may answer: a scope above, or (only when an App asks) `app`: this App's calls
 * of the tool, until the App closes. It is kept apart from the stored scopes: an App's calls
 * are not the conversation's tool calls.
 */
export const approvalAnswerScopeSchema = z.enum([...approvalScopeSchema.options, 'app']);
export type ApprovalAnswerScope = z.infer<typeof approvalAnswerScopeSchema>;

export { MAX_DENY_REASON };

/** A person's answer to a request. Strict, so a misspelt field is rejected, not ignored. */
export const approvalDecisionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('allow'), scope: approvalAnswerScopeSchema }).strict(),
  z
    .object({
      kind: z.literal('deny'),
      /** Sent to the model as the tool's error. */
      reason: z.string().trim().max(MAX_DENY_REASON).optional(),
    })
    .strict(),
]);
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** Who settled a call: a person in the dialog, a stored grant, the headless policy, or trust. */
export const approvalDeciderSchema = z.enum(['person', 'grant', 'policy', 'readonly-hint']);
export type ApprovalDecider = z.infer<typeof approvalDeciderSchema>;

/** What the broker settled. `reason` on a denial is the text the model receives as the error. */
export const approvalOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('allowed'),
    decidedBy: approvalDeciderSchema,
    /** The scope the person chose, or the scope of the grant that applied. */
    scope: approvalScopeSchema.optional(),
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('denied'),
    decidedBy: approvalDeciderSchema,
    reason: z.string(),
    /** True when the call was withdrawn because the turn stopped, not refused. */
    cancelled: z.boolean().optional(),
  }),
]);
export type ApprovalOutcome = z.infer<typeof approvalOutcomeSchema>;

const grantViewBase = {
  id: z.string(),
  server: z.string(),
  toolName: z.string(),
  title: z.string().optional(),
  grantedAt: z.number(),
};

/**
 * An "always" grant as the grants screen shows it. A suspended grant no longer applies: the tool
 * changed since it was approved; the next call asks again and the diff says what changed.
 */
export const grantViewSchema = z.discriminatedUnion('status', [
  z.object({ ...grantViewBase, status: z.literal('active') }),
  z.object({
    ...grantViewBase,
    status: z.literal('suspended'),
    suspendedAt: z.number(),
    change: pinChangeSchema,
  }),
]);
export type GrantView = z.infer<typeof grantViewSchema>;
