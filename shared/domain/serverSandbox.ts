import { z } from 'zod';
import { hostTextSchema } from '../text/hostTextSchema';

/**
 * Sandboxed local servers: the `sandboxEnabled` / `sandbox` keys of a stdio server (VS Code's
 * shape, so entries move between hosts, plus `filesystem.allowRead`) and what the window sees
 * of a sandbox: the rules in force and what the server tried that they refused.
 */

const pathList = z.array(z.string().max(4096)).max(500);

/** Keys of `sandbox.filesystem`. */
export const SANDBOX_FILESYSTEM_KEYS = [
  'allowWrite',
  'denyRead',
  'denyWrite',
  'allowRead',
] as const;
/** Keys of `sandbox.network`. */
export const SANDBOX_NETWORK_KEYS = ['allowedDomains', 'deniedDomains'] as const;

export type SandboxFilesystemKey = (typeof SANDBOX_FILESYSTEM_KEYS)[number];
export type SandboxNetworkKey = (typeof SANDBOX_NETWORK_KEYS)[number];

/**
 * The `sandbox` block as written (strings after `${env:NAME}`; `~` and the sandbox variables are
 * expanded when the server starts, see main/services/sandbox/expandSandboxPath.ts).
 */
export const sandboxRulesSchema = z.object({
  filesystem: z
    .object({
      /** Where the server may write, besides its own state folder. */
      allowWrite: pathList.optional(),
      /** Places it may not read, besides the sensitive ones denied by default. */
      denyRead: pathList.optional(),
      /** Places inside an allowed one it still may not write. */
      denyWrite: pathList.optional(),
      /** Places inside a denied one it may read after all (not in VS Code's shape). */
      allowRead: pathList.optional(),
    })
    .optional(),
  network: z
    .object({
      /** Hosts it may connect to (`example.com`, `*.example.com`, `host:443`); none by default. */
      allowedDomains: pathList.optional(),
      /** Hosts it may never connect to, even when an allowed pattern matches. */
      deniedDomains: pathList.optional(),
    })
    .optional(),
});
export type SandboxRules = z.infer<typeof sandboxRulesSchema>;

/** The rules a sandboxed server runs under, every list complete (defaults included). */
export const effectiveSandboxRulesSchema = z.object({
  denyRead: z.array(z.string()),
  allowRead: z.array(z.string()),
  allowWrite: z.array(z.string()),
  denyWrite: z.array(z.string()),
  allowedDomains: z.array(z.string()),
  deniedDomains: z.array(z.string()),
});
export type EffectiveSandboxRules = z.infer<typeof effectiveSandboxRulesSchema>;

/** What a refused attempt was. */
export const sandboxViolationKindSchema = z.enum(['read', 'write', 'connect', 'other']);
export type SandboxViolationKind = z.infer<typeof sandboxViolationKindSchema>;

/**
 * Who saw it: the operating system's sandbox (`os`: Seatbelt's log, the Linux write monitor),
 * the network proxy (`proxy`), or an error the server itself reported that names a denied
 * place (`error`: on Linux a refused read shows only that way).
 */
export const sandboxViolationSourceSchema = z.enum(['os', 'proxy', 'error']);
export type SandboxViolationSource = z.infer<typeof sandboxViolationSourceSchema>;

/** The widening that would let an attempt through: one entry added to one list. */
export const sandboxAllowanceSchema = z.object({
  key: z.enum(['allowRead', 'allowWrite', 'allowedDomains']),
  /** The entry as it would be written (`~/notes`, `api.example.com`). */
  value: z.string(),
  /**
   * It opens one of the places denied by default for holding credentials (keys, keychains,
   * browser profiles): the window asks again before it is written.
   */
  sensitive: z.boolean().optional(),
});
export type SandboxAllowance = z.infer<typeof sandboxAllowanceSchema>;

/** One refused attempt (repeats of the same one are counted, not listed again). */
export const sandboxViolationSchema = z.object({
  id: z.string(),
  /** When it was last seen. */
  at: z.number(),
  kind: sandboxViolationKindSchema,
  /** The path (with `~` for the home folder) or `host:port`; for `other`, what the OS said. */
  target: z.string(),
  source: sandboxViolationSourceSchema,
  count: z.number().int().positive(),
  /** Absent when no entry can allow it (a write the sandbox always refuses, say). */
  allow: sandboxAllowanceSchema.optional(),
});
export type SandboxViolation = z.infer<typeof sandboxViolationSchema>;

/** A server's sandbox as its screen and the CLI show it. */
export const sandboxDetailSchema = z.object({
  server: z.string(),
  /** `sandboxEnabled` is true and the server is a local (stdio) one. */
  enabled: z.boolean(),
  /** Why a sandboxed server cannot start here (a missing program, an unsupported system). */
  problem: hostTextSchema.optional(),
  /** The rules in force when enabled, with `~` for the home folder. */
  rules: effectiveSandboxRulesSchema.optional(),
  /** Recent refused attempts, newest first. */
  violations: z.array(sandboxViolationSchema),
});
export type SandboxDetail = z.infer<typeof sandboxDetailSchema>;
