import type { SandboxForm } from '../../../shared/domain/serverForm';
import type {
  BundleRuntime,
  BundleSignature,
  BundleUserConfigField,
  BundleView,
} from '../../../shared/domain/bundleViews';
import type { Manifest } from './mcpbLibrary';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

/** The manifest's server type, command and runtime requirement for this platform. */
export function serverLaunch(
  manifest: Manifest,
  platform: NodeJS.Platform,
): { type: BundleRuntime['type']; command: string | undefined; requirement: string | undefined } {
  const server = manifest.server;
  // Optional from manifest 0.4 on (uv bundles); the types of older versions say it is always there.
  const config = server.mcp_config as typeof server.mcp_config | undefined;
  const override = config?.platform_overrides?.[platform];
  const runtimes = manifest.compatibility?.runtimes;
  return {
    type: server.type,
    command: override?.command ?? config?.command,
    requirement:
      server.type === 'node'
        ? runtimes?.node
        : server.type === 'python'
          ? runtimes?.python
          : undefined,
  };
}

/** The fields of `user_config`, in manifest order. */
export function userConfigFields(manifest: Manifest): BundleUserConfigField[] {
  return Object.entries(manifest.user_config ?? {}).map(([key, field]) => ({
    key,
    type: field.type,
    title: field.title,
    description: field.description,
    required: field.required === true,
    sensitive: field.sensitive === true,
    multiple: field.multiple === true,
    ...(field.default !== undefined ? { default: field.default } : {}),
    ...(field.min !== undefined ? { min: field.min } : {}),
    ...(field.max !== undefined ? { max: field.max } : {}),
  }));
}

/** Why the bundle does not run here, when its manifest lists platforms without this one. */
export function platformProblem(
  manifest: Manifest,
  platform: NodeJS.Platform,
): HostText | undefined {
  const platforms = manifest.compatibility?.platforms as string[] | undefined;
  if (!platforms || platforms.length === 0 || platforms.includes(platform)) return undefined;
  return hostText('bundles.otherPlatform', { platforms: platforms.join(', '), platform });
}

export function toBundleView(input: {
  path: string;
  digest: string;
  manifest: Manifest;
  /** The user config as the install uses it (defaults made safe). */
  userConfig: BundleUserConfigField[];
  manifestVersion: string;
  signature: BundleSignature;
  runtime: BundleRuntime;
  suggestedName: string;
  platform: NodeJS.Platform;
  sandbox: SandboxForm;
}): BundleView {
  const { manifest } = input;
  const problem = platformProblem(manifest, input.platform);
  return {
    path: input.path,
    digest: input.digest,
    name: manifest.name,
    ...(manifest.display_name ? { displayName: manifest.display_name } : {}),
    version: manifest.version,
    description: manifest.description,
    author: {
      name: manifest.author.name,
      ...(manifest.author.email ? { email: manifest.author.email } : {}),
      ...(manifest.author.url ? { url: manifest.author.url } : {}),
    },
    manifestVersion: input.manifestVersion,
    tools: (manifest.tools ?? []).map((t) => ({
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
    })),
    prompts: (manifest.prompts ?? []).map((p) => ({
      name: p.name,
      ...(p.description ? { description: p.description } : {}),
    })),
    userConfig: input.userConfig,
    signature: input.signature,
    runtime: input.runtime,
    suggestedName: input.suggestedName,
    sandbox: input.sandbox,
    ...(problem ? { platformProblem: formatHostText(problem), platformProblemText: problem } : {}),
  };
}
