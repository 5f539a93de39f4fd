import { z } from 'zod';
import { oauthConfigSchema } from './oauthConfig';
import { serverOriginSchema } from './serverOrigin';
import { sandboxRulesSchema } from './serverSandbox';

/**
 * One MCP server as the host runs it: the servers file after validation, type inference
 * (`command` → stdio, `url` → http) and defaults. `command`, `args`, `env` values, `cwd` and
 * `headers` keep their `${env:NAME}` and `${secret:NAME}` references as written: they are
 * resolved when the server starts, so views, logs and caches only ever see the references.
 * `url` and the `oauth` block have `${env:NAME}` replaced when the file is read.
 * The file format itself (unknown keys, warnings, line/column errors) lives in
 * main/services/config; everything downstream sees only this normalized shape.
 */
export const protocolPreferenceSchema = z.enum(['auto', 'legacy', 'modern']);
export type ProtocolPreference = z.infer<typeof protocolPreferenceSchema>;

export const DEFAULT_STARTUP_MS = 30_000;
export const DEFAULT_REQUEST_MS = 60_000;

export const serverTimeoutsSchema = z.object({
  /** From spawn/connect to initialized; extended while a package install is visibly working. */
  startupMs: z.number().int().positive().max(3_600_000),
  /** Per request; reset by progress notifications. */
  requestMs: z.number().int().positive().max(3_600_000),
});
export type ServerTimeouts = z.infer<typeof serverTimeoutsSchema>;

/**
 * When a server starts: `launch` with the host (as servers always did), `firstUse` when something
 * first needs it. Absent = `firstUse` once its tool list is remembered, `launch` until then.
 */
export const serverStartSchema = z.enum(['launch', 'firstUse']);
export type ServerStart = z.infer<typeof serverStartSchema>;

/** The longest idle time an entry may set (a week), in minutes. */
export const MAX_IDLE_MINUTES = 10_080;

const common = {
  name: z.string().min(1).max(200),
  disabled: z.boolean(),
  timeouts: serverTimeoutsSchema,
  protocol: protocolPreferenceSchema,
  start: serverStartSchema.optional(),
  /** Minutes unused before it is stopped (overrides the `idleMinutes` setting); 0 = never. */
  idleMinutes: z.number().int().min(0).max(MAX_IDLE_MINUTES).optional(),
  /** Where the entry came from; absent: typed by the person. */
  origin: serverOriginSchema.optional(),
};

export const stdioServerConfigSchema = z.object({
  ...common,
  transport: z.literal('stdio'),
  command: z.string().min(1),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()),
  cwd: z.string().optional(),
  /** Run confined by the OS sandbox (`sandbox` says what it may reach beyond the defaults). */
  sandboxEnabled: z.boolean().optional(),
  sandbox: sandboxRulesSchema.optional(),
});

export const httpServerConfigSchema = z.object({
  ...common,
  transport: z.enum(['http', 'sse']),
  url: z.url({ protocol: /^https?$/ }),
  /** The URL as written, when it uses `${env:NAME}`: what views and logs show instead. */
  urlTemplate: z.string().optional(),
  headers: z.record(z.string(), z.string()),
  /** OAuth 2.1 sign-in settings; absent = discover and register dynamically if asked to. */
  oauth: oauthConfigSchema.optional(),
});

export const serverConfigSchema = z.discriminatedUnion('transport', [
  stdioServerConfigSchema,
  httpServerConfigSchema,
]);

export type StdioServerConfig = z.infer<typeof stdioServerConfigSchema>;
export type HttpServerConfig = z.infer<typeof httpServerConfigSchema>;
export type ServerConfig = z.infer<typeof serverConfigSchema>;
