import { z } from 'zod';
import { sandboxRulesSchema, type SandboxRules } from '../../../shared/domain/serverSandbox';
import type { ServerEntry } from '../config/ServerEntry';
import { isDomainPattern } from '../config/isDomainPattern';
import { checkSandboxVariables } from '../config/sandboxVariables';

/** Where an entry came from (issue 28's `origin`): only installs are sandboxed by default. */
export type EntryOrigin = 'person' | 'import' | 'registry' | 'bundle';

/** Where a registry document's publisher puts its own data (server.json `_meta`). */
export const REGISTRY_PUBLISHER_META = 'io.modelcontextprotocol.registry/publisher-provided';
/** Where a bundle manifest's vendor-namespaced `_meta` holds data for this host. */
export const BUNDLE_META = 'dev.switchboard';

/** The rules as a document must declare them: nothing unknown anywhere. */
const declaredSchema = z
  .object({
    filesystem: sandboxRulesSchema.shape.filesystem.unwrap().strict().optional(),
    network: sandboxRulesSchema.shape.network.unwrap().strict().optional(),
  })
  .strict();

/** The sandbox keys an install writes into a new entry. */
export type SandboxBlock = Pick<ServerEntry, 'sandboxEnabled' | 'sandbox'>;

/**
 * The sandbox keys to write into an entry a registry or bundle install creates: sandboxed, with
 * the rules the document declares when it declares valid ones — a server.json in
 * `_meta["io.modelcontextprotocol.registry/publisher-provided"].sandbox`, a bundle manifest in
 * `_meta["dev.switchboard"].sandbox`, both in VS Code's shape — and the defaults otherwise.
 * The document is untrusted: a declaration that is not valid as a whole is ignored (the
 * defaults apply), and the install review shows the person what the rules allow before they
 * widen or accept them. `packageHosts` (the runner's, see PACKAGE_HOSTS) are allowed besides.
 * Entries the person typed or imported are left as they are (undefined).
 */
export function defaultSandboxFor(
  origin: EntryOrigin,
  document?: unknown,
  packageHosts: readonly string[] = [],
): SandboxBlock | undefined {
  if (origin !== 'registry' && origin !== 'bundle') return undefined;
  const declared = declaredSandbox(origin, document);
  const allowed = [...(declared?.network?.allowedDomains ?? [])];
  for (const host of packageHosts) if (!allowed.includes(host)) allowed.push(host);
  const sandbox: SandboxRules = {
    ...declared,
    ...(allowed.length > 0 ? { network: { ...declared?.network, allowedDomains: allowed } } : {}),
  };
  return Object.keys(sandbox).length > 0
    ? { sandboxEnabled: true, sandbox }
    : { sandboxEnabled: true };
}

/**
 * The hosts a package runner fetches the package from at first start (`npx`, `uvx`, `dnx`):
 * without them a sandboxed install could never download what the person chose to run.
 */
export const PACKAGE_HOSTS: Readonly<Record<string, readonly string[]>> = {
  npm: ['registry.npmjs.org'],
  pypi: ['pypi.org', 'files.pythonhosted.org'],
  nuget: ['api.nuget.org'],
};

/**
 * Registry package types that run sandboxed by default. An OCI image runs in a container
 * through the Docker daemon's socket, which the sandbox would cut off (the container is its
 * confinement; the runtime-argument rules keep it from mounting the person's files).
 */
export function sandboxesByDefault(registryType: string): boolean {
  return registryType !== 'oci';
}

/** The valid rules a registry document or bundle manifest declares, if any. */
export function declaredSandbox(
  origin: 'registry' | 'bundle',
  document: unknown,
): SandboxRules | undefined {
  const meta = field(document, '_meta');
  const raw = field(
    field(meta, origin === 'registry' ? REGISTRY_PUBLISHER_META : BUNDLE_META),
    'sandbox',
  );
  if (raw === undefined) return undefined;
  const parsed = declaredSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const rules = parsed.data;
  const paths = Object.values(rules.filesystem ?? {}).flat();
  const pathsOk = paths.every((p) => {
    const { unknown, rootsMisplaced } = checkSandboxVariables(p);
    return p.trim() !== '' && unknown.length === 0 && !rootsMisplaced;
  });
  const hostsOk =
    (rules.network?.allowedDomains ?? []).every((d) => isDomainPattern(d)) &&
    (rules.network?.deniedDomains ?? []).every((d) => isDomainPattern(d, { star: true }));
  return pathsOk && hostsOk ? rules : undefined;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
