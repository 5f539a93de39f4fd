/**
 * Where a servers-file entry installed from the MCP Registry came from: the registry's server
 * name and version, the digest of the version document the person reviewed, the secrets the
 * person supplied at install (stored under the server's own names) and the `${env:NAME}`
 * variables the person themselves typed into an answer. Empty lists are left out.
 */
export interface RegistryOrigin {
  kind: 'registry';
  name: string;
  version: string;
  /** `sha256:<hex>` of the reviewed document's canonical bytes. */
  digest: string;
  secrets?: string[];
  env?: string[];
}

/** The `origin` of an entry installed from the registry (see {@link RegistryOrigin}). */
export function registryOrigin(install: {
  name: string;
  version: string;
  digest: string;
  secrets: Iterable<string>;
  env: Iterable<string>;
}): RegistryOrigin {
  const secrets = [...new Set(install.secrets)];
  const env = [...new Set(install.env)];
  return {
    kind: 'registry',
    name: install.name,
    version: install.version,
    digest: install.digest,
    ...(secrets.length > 0 ? { secrets } : {}),
    ...(env.length > 0 ? { env } : {}),
  };
}
