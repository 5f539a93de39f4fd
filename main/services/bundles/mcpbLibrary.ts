import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { McpbManifestAny } from '@anthropic-ai/mcpb';
import type { BundleSignature } from '../../../shared/domain/bundleViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';

/**
 * The one place that talks to `@anthropic-ai/mcpb`. Its zod 3 types stay here: callers get
 * plain data. Loaded on first use, so the host starts without it.
 */
function library() {
  return import('@anthropic-ai/mcpb');
}

export type Manifest = McpbManifestAny;

/**
 * The signature state as the library verifies it (PKCS#7 over the archive, certificate chain
 * against the OS trust store). The library reports a signature it cannot verify as "unsigned";
 * a file that carries a signature block is then reported as `untrusted` instead, because the
 * difference matters to the person deciding.
 */
export async function verifySignature(path: string): Promise<BundleSignature> {
  const mcpb = await library();
  const bytes = await readFile(path);
  const carriesSignature = mcpb.extractSignatureBlock(bytes).pkcs7Signature !== undefined;
  let info: Awaited<ReturnType<typeof mcpb.verifyMcpbFile>>;
  try {
    info = await mcpb.verifyMcpbFile(path);
  } catch {
    return { state: carriesSignature ? 'untrusted' : 'unsigned' };
  }
  if (info.status === 'unsigned') return { state: carriesSignature ? 'untrusted' : 'unsigned' };
  return {
    state: info.status,
    ...(info.publisher ? { publisher: info.publisher } : {}),
    ...(info.issuer ? { issuer: info.issuer } : {}),
    ...(info.valid_from ? { validFrom: info.valid_from } : {}),
    ...(info.valid_to ? { validTo: info.valid_to } : {}),
    ...(info.fingerprint ? { fingerprint: info.fingerprint } : {}),
  };
}

/** Unpacks the archive (signature block stripped, paths kept inside `dir`). */
export async function unpackBundle(path: string, dir: string): Promise<void> {
  const mcpb = await library();
  const ok = await mcpb.unpackExtension({ mcpbPath: path, outputDir: dir, silent: true });
  if (!ok) {
    throw new AppError(AppErrorCode.Validation, hostText('bundles.notArchive', { path }));
  }
}

/** Reads and validates `manifest.json` of an unpacked bundle with the library's schemas. */
export async function readManifest(dir: string): Promise<{ manifest: Manifest; version: string }> {
  const mcpb = await library();
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(AppErrorCode.Validation, hostText('bundles.noManifest', { reason }));
  }
  const declared = declaredVersion(raw);
  const version = Object.keys(mcpb.MANIFEST_SCHEMAS).find(
    (known): known is keyof typeof mcpb.MANIFEST_SCHEMAS => known === declared,
  );
  if (!version) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('bundles.unknownManifestVersion', {
        version: JSON.stringify(declared ?? null),
        known: Object.keys(mcpb.MANIFEST_SCHEMAS).join(', '),
      }),
    );
  }
  const parsed = mcpb.MANIFEST_SCHEMAS[version].safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 10)
      .map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`);
    throw new AppError(
      AppErrorCode.Validation,
      // The schema library's own words, as it gives them.
      hostText('bundles.invalidManifest', { version, issues }),
      { issues },
    );
  }
  return { manifest: parsed.data, version };
}

/** The MCP config the manifest describes, with `${__dirname}` and `${user_config.*}` filled. */
export async function mcpConfigFor(
  manifest: Manifest,
  dir: string,
  userConfig: Record<string, string | number | boolean | string[]>,
  systemDirs: Record<string, string>,
  pathSeparator: string,
): Promise<{ command: string; args: string[]; env: Record<string, string> } | undefined> {
  const mcpb = await library();
  const config = await mcpb.getMcpConfigForManifest({
    manifest,
    extensionPath: dir,
    systemDirs,
    userConfig,
    pathSeparator,
  });
  if (!config) return undefined;
  return { command: config.command, args: config.args ?? [], env: config.env ?? {} };
}

/** `manifest_version`, or the older `dxt_version`. */
function declaredVersion(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = raw as Record<string, unknown>;
  const version = record.manifest_version ?? record.dxt_version;
  return typeof version === 'string' ? version : undefined;
}
