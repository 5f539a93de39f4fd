import { z } from 'zod';
import { hostTextSchema } from '../text/hostTextSchema';

/** Which MCP era a connection speaks: `legacy` = 2025-11-25 and older, `modern` = 2026-07-28+. */
export const protocolEraSchema = z.enum(['legacy', 'modern']);
export type ProtocolEra = z.infer<typeof protocolEraSchema>;

export const serverFailureSchema = z.object({
  /** An AppErrorCode value (MCP_SPAWN_FAILED, MCP_TIMEOUT, MCP_CLOSED, …). */
  code: z.string(),
  /** In English (CLI, logs); `text` is the same for the window to show in its language. */
  message: z.string(),
  text: hostTextSchema,
  exitCode: z.number().int().nullable().optional(),
  signal: z.string().nullable().optional(),
  /** Last lines the server wrote to stderr, oldest first. */
  stderrTail: z.array(z.string()),
  at: z.number(),
});
export type ServerFailure = z.infer<typeof serverFailureSchema>;

export const serverInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  title: z.string().optional(),
});

/**
 * The public status of one server. Each kind carries only what is valid in it.
 */
export const serverStatusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stopped') }),
  z.object({
    /**
     * Not running; its tools, prompts and templates are known from the list remembered when it
     * last ran, and it starts when first needed.
     */
    kind: z.literal('remembered'),
    toolCount: z.number().int(),
    /** When that list was learned. */
    learnedAt: z.number(),
    /** Set when it was running and stopped after being unused for its idle time. */
    idleStoppedAt: z.number().optional(),
  }),
  z.object({ kind: z.literal('disabled') }),
  z.object({
    kind: z.literal('starting'),
    since: z.number(),
    /** What the start is doing, when known: `installing` (a package manager is at work). */
    detail: z.string().optional(),
  }),
  z.object({
    kind: z.literal('ready'),
    since: z.number(),
    era: protocolEraSchema,
    protocolVersion: z.string(),
    serverInfo: serverInfoSchema,
    pid: z.number().int().optional(),
    toolCount: z.number().int(),
  }),
  z.object({ kind: z.literal('error'), failure: serverFailureSchema }),
  z.object({
    /** An HTTP server answered 401: it waits for the person to click "Sign in" (never automatic). */
    kind: z.literal('needs-sign-in'),
    since: z.number(),
    issuer: z.string().optional(),
    /** True while the browser step runs (listener open, waiting for the redirect). */
    inProgress: z.boolean(),
    /** The authorization server's error in plain words, from the last attempt (English). */
    error: z.string().optional(),
    /** The same, for the window to show in its language. */
    errorText: hostTextSchema.optional(),
  }),
  z.object({
    kind: z.literal('restarting'),
    attempt: z.number().int(),
    nextRetryAt: z.number(),
    lastFailure: serverFailureSchema,
  }),
]);
export type ServerStatus = z.infer<typeof serverStatusSchema>;
export type ServerStatusKind = ServerStatus['kind'];
