import { z } from 'zod';
import { hostTextSchema } from '../text/hostTextSchema';

/**
 * The add/edit server form: what it shows and what it sends. Secret fields never carry a
 * stored value to the window: a row shows only whether its secret is stored, and an empty
 * value on save keeps it.
 */

/** An env variable or header row. */
export const formRowSchema = z.object({
  name: z.string().max(200),
  /** Plain: the value as written. Secret: a new value to store, or '' to keep the stored one. */
  value: z.string().max(64 * 1024),
  secret: z.boolean(),
  /** The secret this row refers to in the file (`${secret:NAME}`), when it does. */
  secretName: z.string().max(200).optional(),
  /** Whether that secret has a value in the secret store (shown, never sent back). */
  stored: z.boolean().optional(),
});
export type FormRow = z.infer<typeof formRowSchema>;

export const formSecretSchema = formRowSchema.omit({ name: true });
export type FormSecret = z.infer<typeof formSecretSchema>;

const ruleList = z.array(z.string().max(4096)).max(500);

/** The form's sandbox part (stdio servers): on or off, and every list of its rules. */
export const sandboxFormSchema = z.object({
  enabled: z.boolean(),
  allowWrite: ruleList,
  denyWrite: ruleList,
  denyRead: ruleList,
  allowRead: ruleList,
  allowedDomains: ruleList,
  deniedDomains: ruleList,
});
export type SandboxForm = z.infer<typeof sandboxFormSchema>;

/** A sandbox that is off, with no rules. */
export const emptySandboxForm: SandboxForm = {
  enabled: false,
  allowWrite: [],
  denyWrite: [],
  denyRead: [],
  allowRead: [],
  allowedDomains: [],
  deniedDomains: [],
};

export const serverFormSchema = z.object({
  name: z.string().trim().min(1).max(200),
  transport: z.enum(['stdio', 'http', 'sse']),
  command: z.string().max(4096),
  args: z.array(z.string().max(64 * 1024)).max(500),
  env: z.array(formRowSchema).max(500),
  cwd: z.string().max(4096),
  url: z.string().max(4096),
  headers: z.array(formRowSchema).max(200),
  oauth: z.object({
    clientId: z.string().max(1000),
    clientSecret: formSecretSchema,
    scopes: z.array(z.string().max(500)).max(100),
    clientMetadataUrl: z.string().max(2048),
    redirectPort: z.number().int().min(1).max(65_535).nullable(),
  }),
  /** Absent: the entry's sandbox keys are kept as they are. */
  sandbox: sandboxFormSchema.optional(),
});
export type ServerForm = z.infer<typeof serverFormSchema>;

/** What "Test" found: the server's tools, or why it did not start. */
export const serverTestResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    serverInfo: z.object({ name: z.string(), version: z.string() }).optional(),
    protocolVersion: z.string().optional(),
    tools: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  }),
  z.object({
    ok: z.literal(false),
    code: z.string(),
    message: z.string(),
    /** The same, for the window to show in its language. */
    text: hostTextSchema.optional(),
    exitCode: z.number().nullable().optional(),
    stderrTail: z.array(z.string()),
  }),
]);
export type ServerTestResult = z.infer<typeof serverTestResultSchema>;

/** An empty form for a new server. */
export const emptyServerForm: ServerForm = {
  name: '',
  transport: 'stdio',
  command: '',
  args: [],
  env: [],
  cwd: '',
  url: '',
  headers: [],
  oauth: {
    clientId: '',
    clientSecret: { value: '', secret: true },
    scopes: [],
    clientMetadataUrl: '',
    redirectPort: null,
  },
};
