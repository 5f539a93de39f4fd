import type { FilesystemPathEntry } from '@anthropic-ai/sandbox-runtime';
import type { SandboxPrograms } from './findSandboxPrograms';
import type { SandboxPolicy } from './resolveSandboxPolicy';
import type { EngineConfig, SandboxPlatform } from './SandboxEngine';

/** What the session-wide config needs to know of each configured sandboxed server. */
export type DeclaredPolicy = Pick<SandboxPolicy, 'allowWrite' | 'allowRead' | 'deniedDomains'>;

/** One server's part of the runtime's work: its per-command rules and the variables it gets. */
export interface LaunchPlan {
  /** Per-command rules for the wrap. */
  custom: Partial<EngineConfig>;
  /** Variables the server gets inside the sandbox (its private temporary and cache folders). */
  variables: Record<string, string>;
  /** Windows: the server's variables to hand to srt-win (see buildSandboxedCommand). */
  windowsEnv: Record<string, string>;
}

/**
 * The session's config: no host allowed by default (each server's allowed hosts are its own
 * per-command list), the union of the servers' denied hosts (the proxy checks them first), and
 * on Linux the programs found. macOS and Linux take every filesystem rule per command; Windows
 * only denies, its write and read grants are the session's (the union of the servers').
 */
export function sessionConfig(
  platform: SandboxPlatform,
  declared: readonly DeclaredPolicy[],
  programs?: SandboxPrograms,
): EngineConfig {
  const windows = platform === 'windows';
  const all = (pick: (p: DeclaredPolicy) => readonly string[]): string[] => [
    ...new Set(declared.flatMap(pick)),
  ];
  return {
    network: { allowedDomains: [], deniedDomains: all((p) => p.deniedDomains) },
    filesystem: {
      denyRead: [],
      allowWrite: windows ? all((p) => p.allowWrite) : [],
      denyWrite: [],
      ...(windows ? { allowRead: all((p) => p.allowRead) } : {}),
    },
    ...(programs
      ? { bwrapPath: programs.bwrap, socatPath: programs.socat, ripgrep: { command: programs.rg } }
      : {}),
    // The runtime looks for shell and git files to protect under the *host's* working folder
    // (a scan on every start); a server writes only in its own folders, so the shallowest scan.
    mandatoryDenySearchDepth: 1,
  };
}

/**
 * One server's per-command rules and variables. Paths the host computed (the sensitive places,
 * the state folder) go as literal names, so a `[` or `*` in a folder name is never a pattern;
 * the person's own entries go as written (patterns allowed).
 */
export function planSandboxLaunch(
  platform: SandboxPlatform,
  policy: SandboxPolicy,
  configuredNames: readonly string[],
): LaunchPlan {
  const literal = new Set(policy.literal);
  const entries = (list: readonly string[]): FilesystemPathEntry[] =>
    list.map((path) => (literal.has(path) ? { path, literal: true } : path));
  const windows = platform === 'windows';
  const defaults: Record<string, string> = windows
    ? { TMP: policy.tmpDir, TEMP: policy.tmpDir }
    : {
        TMPDIR: policy.tmpDir,
        XDG_CACHE_HOME: policy.cacheDir,
        npm_config_cache: `${policy.cacheDir}/npm`,
        // Node 24 sends fetch and http through HTTP(S)_PROXY only when asked: the proxy is
        // the sandbox's only way out, and its refusals are what shows a blocked connection.
        NODE_USE_ENV_PROXY: '1',
      };
  const taken = new Set(configuredNames.map((n) => (windows ? n.toUpperCase() : n)));
  const variables = Object.fromEntries(
    Object.entries(defaults).filter(([name]) => !taken.has(windows ? name.toUpperCase() : name)),
  );
  const custom: Partial<EngineConfig> = windows
    ? {
        filesystem: {
          denyRead: entries(policy.denyRead),
          denyWrite: entries(policy.denyWrite),
          allowWrite: [],
        },
      }
    : {
        filesystem: {
          denyRead: entries(policy.denyRead),
          allowRead: entries(policy.allowRead),
          allowWrite: entries(policy.allowWrite),
          denyWrite: entries(policy.denyWrite),
        },
      };
  return { custom, variables, windowsEnv: variables };
}
