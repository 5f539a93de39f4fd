import type { StoredSettings } from '../../../shared/domain/settings';

/**
 * Whether tools of `server` that declare `readOnlyHint` may run without asking: the person
 * trusts that server's hints (`trustReadOnlyServers`), or it runs in the sandbox and the person
 * turned on `trustReadOnlyWhenSandboxed` (off by default) — what such a tool can reach is then
 * bounded by the sandbox, not only by the server's claim.
 */
export function readOnlyTrust(
  settings: () => Pick<StoredSettings, 'trustReadOnlyServers' | 'trustReadOnlyWhenSandboxed'>,
  isSandboxed: (server: string) => boolean,
): (server: string) => boolean {
  return (server) => {
    const current = settings();
    return (
      current.trustReadOnlyServers.includes(server) ||
      (current.trustReadOnlyWhenSandboxed && isSandboxed(server))
    );
  };
}
