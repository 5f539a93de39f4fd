import { z } from 'zod';
import { sandboxFormSchema } from './serverForm';
import { hostTextSchema } from '../text/hostTextSchema';

/**
 * What the MCP Registry browser shows and asks. Built in main from `server.json` documents
 * (validated there against the published schema); the renderer only renders them.
 */

/** One value an install asks for: an env var, a header, an argument or a variable in one. */
export const installInputSchema = z.object({
  /** Stable within one install option: `env:NAME`, `header:NAME`, `arg:2`, `url/tenant`, … */
  id: z.string().max(500),
  kind: z.enum(['env', 'header', 'argument', 'variable']),
  /** The name a person (and `--env NAME=VALUE`) knows it by. */
  label: z.string().max(500),
  description: z.string().max(4000).optional(),
  required: z.boolean(),
  /** Secret values go to the secret store; the servers file gets `${secret:NAME}`. */
  secret: z.boolean(),
  default: z.string().max(4000).optional(),
  choices: z.array(z.string().max(500)).max(200).optional(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']).optional(),
  placeholder: z.string().max(500).optional(),
  /**
   * The registry's own value (or default) referred to the person's secrets or environment
   * (`${secret:…}`, `${env:…}`): it is not used, and the person types the value.
   */
  registryValueRefused: z.boolean().optional(),
});
export type InstallInput = z.infer<typeof installInputSchema>;

/** One way to run a server: a package (npm, PyPI, OCI, …) or a remote endpoint. */
export const installOptionSchema = z.object({
  index: z.number().int().min(0),
  kind: z.enum(['package', 'remote']),
  /** npm, pypi, oci, nuget, mcpb … for packages; streamable-http or sse for remotes. */
  type: z.string().max(100),
  /** Package identifier or remote URL template. */
  target: z.string().max(4000),
  version: z.string().max(255).optional(),
  /** How it would run (`npx -y pkg@1.2.3`, a URL), before any values are filled in. */
  preview: z.string().max(4000),
  supported: z.boolean(),
  /** Why this option cannot be installed here, when it cannot. */
  unsupportedReason: z.string().max(1000).optional(),
  /** The same, for the window to show in its language. */
  unsupportedReasonText: hostTextSchema.optional(),
  /** The program it runs with (`uvx`, `docker`, …) when that is not found on this computer. */
  runnerMissing: z.string().max(100).optional(),
  inputs: z.array(installInputSchema).max(500),
});
export type InstallOption = z.infer<typeof installOptionSchema>;

export const registryServerSchema = z.object({
  name: z.string().max(200),
  title: z.string().max(200).optional(),
  description: z.string().max(2000),
  version: z.string().max(255),
  websiteUrl: z.string().max(2000).optional(),
  repositoryUrl: z.string().max(2000).optional(),
  status: z.string().max(50).optional(),
  publishedAt: z.string().max(100).optional(),
  /** False when the document does not match the published schema; `problems` say where. */
  valid: z.boolean(),
  problems: z.array(z.string().max(1000)).max(20),
  options: z.array(installOptionSchema).max(100),
});
export type RegistryServer = z.infer<typeof registryServerSchema>;

export const registryPageSchema = z.object({
  servers: z.array(registryServerSchema),
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor: z.string().max(2000).optional(),
  /** The registry that answered (settings or SWITCHBOARD_REGISTRY_URL). */
  registryUrl: z.string().max(2048),
});
export type RegistryPage = z.infer<typeof registryPageSchema>;

export const registryInstallRequestSchema = z
  .object({
    /** Registry name (`io.github.owner/server`) and exact version to install. */
    name: z.string().min(1).max(200),
    version: z.string().min(1).max(255),
    /** The reviewed version document's digest (registry.review): only that one is installed. */
    digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    option: z.number().int().min(0).max(99),
    /** The name the server gets in the servers file. */
    serverName: z.string().min(1).max(200),
    /** Answers by input id (or label). */
    values: z.record(z.string().max(500), z.string().max(64 * 1024)),
    /** Docker arguments the person adds (OCI images only), one per item, before the image's. */
    extraArguments: z.array(z.string().max(4096)).max(100).optional(),
    /** The sandbox as the person left it in the review; absent: the option's as offered. */
    sandbox: sandboxFormSchema.optional(),
  })
  .strict();
export type RegistryInstallRequest = z.infer<typeof registryInstallRequestSchema>;
