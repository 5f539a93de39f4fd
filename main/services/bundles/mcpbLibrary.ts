import type { McpbManifestAny } from '@anthropic-ai/mcpb';
import type { BundleSignature } from '../../../shared/domain/bundleViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { SignatureCheck } from './unpackProtocol';

/**
 * The one place that talks to `@anthropic-ai/mcpb`. Its zod 3 types stay here: callers get
 * plain data. Loaded on first use, so the host starts without it.
 */
function library() {
  return import('@anthropic-ai/mcpb');
}

export type Manifest = McpbManifestAny;

/**
 * The signature state for the person. The library reports a signature it cannot verify as
 * "unsigned"; a file that carries a signature block is then `untrusted` instead, because the
 * difference matters to the person deciding. (The check itself runs in the unpack worker.)
 */
export function signatureState(check: SignatureCheck): BundleSignature {
  const { status, carriesSignature, ...details } = check;
  if (status === 'unsigned') return { state: carriesSignature ? 'untrusted' : 'unsigned' };
  return { state: status, ...details };
}

/** Validates the text of a bundle's `manifest.json` with the library's schemas. */
export async function readManifest(
  text: string | undefined,
): Promise<{ manifest: Manifest; version: string }> {
  const mcpb = await library();
  let raw: unknown;
  try {
    if (text === undefined) throw new Error('no manifest.json at the top of the archive');
    raw = JSON.parse(text) as unknown;
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
