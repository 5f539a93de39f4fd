import { z } from 'zod';
import { sandboxFormSchema } from './serverForm';
import { hostTextSchema } from '../text/hostTextSchema';

/**
 * An `.mcpb` bundle as the install dialog shows it: read and verified in main with the
 * format's own library; the renderer only renders it and sends back the person's answers.
 */

export const bundleSignatureSchema = z.object({
  /**
   * signed / self-signed: the signature matches and its certificate is trusted here.
   * unsigned: no signature. untrusted: a signature that could not be verified on this
   * computer (changed after signing, or a certificate this computer does not trust).
   */
  state: z.enum(['signed', 'self-signed', 'unsigned', 'untrusted']),
  publisher: z.string().max(500).optional(),
  issuer: z.string().max(500).optional(),
  validFrom: z.string().max(100).optional(),
  validTo: z.string().max(100).optional(),
  fingerprint: z.string().max(200).optional(),
});
export type BundleSignature = z.infer<typeof bundleSignatureSchema>;

export const bundleUserConfigFieldSchema = z.object({
  key: z.string().max(200),
  type: z.enum(['string', 'number', 'boolean', 'directory', 'file']),
  title: z.string().max(500),
  description: z.string().max(4000),
  required: z.boolean(),
  /** Sensitive values go to the secret store. */
  sensitive: z.boolean(),
  multiple: z.boolean(),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  /**
   * The manifest's default referred to something of the person's (`${env:…}`, `${secret:…}` or
   * another `${…}` the format does not define): it is not used, and the person types the value.
   */
  defaultRefused: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type BundleUserConfigField = z.infer<typeof bundleUserConfigFieldSchema>;

export const bundleRuntimeSchema = z.object({
  /** The manifest's server type. */
  type: z.enum(['node', 'python', 'binary', 'uv']),
  /** The command the server runs with, as the manifest gives it. */
  command: z.string().max(4096),
  found: z.boolean(),
  /** Where it was found, and its version when it reports one. */
  path: z.string().max(4096).optional(),
  version: z.string().max(100).optional(),
  /** What to tell the person (where we looked when it was not found, a version too old, …). */
  message: z.string().max(4000),
  /** The same, for the window to show in its language. */
  text: hostTextSchema,
});
export type BundleRuntime = z.infer<typeof bundleRuntimeSchema>;

/** `sha256:` and the hex SHA-256 of a bundle file's bytes. */
export const bundleDigestSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/);

export const bundleViewSchema = z.object({
  /** The file it was read from (what install gets back). */
  path: z.string().max(4096),
  /** The file's digest as reviewed: install unpacks that file only if it still reads the same. */
  digest: bundleDigestSchema,
  name: z.string().max(200),
  displayName: z.string().max(200).optional(),
  version: z.string().max(100),
  description: z.string().max(4000),
  author: z.object({
    name: z.string().max(500),
    email: z.string().max(500).optional(),
    url: z.string().max(2000).optional(),
  }),
  manifestVersion: z.string().max(10),
  tools: z.array(
    z.object({ name: z.string().max(200), description: z.string().max(4000).optional() }),
  ),
  prompts: z.array(
    z.object({ name: z.string().max(200), description: z.string().max(4000).optional() }),
  ),
  userConfig: z.array(bundleUserConfigFieldSchema),
  signature: bundleSignatureSchema,
  runtime: bundleRuntimeSchema,
  /** A server name that is free in the servers file. */
  suggestedName: z.string().max(200),
  /** Set when the bundle does not run on this platform. */
  platformProblem: z.string().max(1000).optional(),
  platformProblemText: hostTextSchema.optional(),
  /** The sandbox it is installed with (from its manifest, else the defaults), to accept or widen. */
  sandbox: sandboxFormSchema,
});
export type BundleView = z.infer<typeof bundleViewSchema>;

export const bundleUserConfigValueSchema = z.union([
  z.string().max(64 * 1024),
  z.number(),
  z.boolean(),
  z.array(z.string().max(4096)).max(100),
]);

export const bundleInstallRequestSchema = z
  .object({
    path: z.string().min(1).max(4096),
    serverName: z.string().trim().min(1).max(200),
    userConfig: z.record(z.string().max(200), bundleUserConfigValueSchema),
    /** The digest of the file as the person reviewed it (the review's `digest`). */
    digest: bundleDigestSchema,
    /**
     * The person's explicit yes to a bundle no certificate trusted here vouches for: one not
     * signed at all, or whose signature could not be verified. Signed ones need none.
     */
    acceptUntrusted: z.boolean().optional(),
    /** The sandbox as the person left it in the review; absent: as the review offered it. */
    sandbox: sandboxFormSchema.optional(),
  })
  .strict();
export type BundleInstallRequest = z.infer<typeof bundleInstallRequestSchema>;

export const installedBundleSchema = z.object({
  serverName: z.string(),
  name: z.string(),
  version: z.string(),
  directory: z.string(),
  installedAt: z.string(),
  signature: bundleSignatureSchema.shape.state,
  /** The installed file's digest (bundles installed before it was recorded have none). */
  digest: z.string().optional(),
});
export type InstalledBundle = z.infer<typeof installedBundleSchema>;
