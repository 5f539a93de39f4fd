import { posix, win32 } from 'node:path';
import type { EffectiveSandboxRules, SandboxRules } from '../../../shared/domain/serverSandbox';
import { expandSandboxVariables } from '../config/sandboxVariables';
import { sensitivePaths } from './sensitivePaths';

/** What the rules of one server start depend on. */
export interface SandboxPolicyContext {
  platform: NodeJS.Platform;
  home: string;
  /** The host's data folder (denied as a whole, the server's state folder excepted). */
  dataDir: string;
  /** This server's own state folder (see serverStateDir). */
  serverState: string;
  /** The server's working folder: its `cwd`, else the host's. */
  cwd: string;
  /** The roots the person granted. */
  roots: readonly string[];
  /** Windows: %APPDATA% and %LOCALAPPDATA%. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** The rules a server runs under: absolute paths, defaults included, and its private tmp. */
export interface SandboxPolicy extends EffectiveSandboxRules {
  /** The host's data folder (never offered as something to allow). */
  dataDir: string;
  /** The server's own state folder (`${serverState}`). */
  serverState: string;
  /** The server's temporary folder (TMPDIR), inside its state folder. */
  tmpDir: string;
  /** Its cache folder (XDG_CACHE_HOME, npm's cache), inside its state folder. */
  cacheDir: string;
  /** The paths the host put in (not the person): names, never patterns. */
  literal: string[];
  /** The places denied by default for what they hold (credentials, keychains, the data folder). */
  sensitive: string[];
}

/**
 * The effective rules of a sandboxed server: its written rules with `~` and the variables put
 * in and relative paths resolved against its working folder, on top of the defaults — read
 * anywhere but the sensitive places (and the other servers' state), write only in its own state
 * folder, no network. Installed bundles stay readable: a bundle's server runs from there.
 */
export function resolveSandboxPolicy(
  rules: SandboxRules | undefined,
  ctx: SandboxPolicyContext,
): SandboxPolicy {
  const path = ctx.platform === 'win32' ? win32 : posix;
  const values = { home: ctx.home, cwd: ctx.cwd, roots: ctx.roots, serverState: ctx.serverState };
  const expand = (entries: readonly string[] | undefined): string[] =>
    (entries ?? []).flatMap((entry) =>
      expandSandboxVariables(entry, values).map((p) => path.resolve(ctx.cwd, p)),
    );
  const fs = rules?.filesystem;
  const net = rules?.network;
  const sensitive = sensitivePaths(ctx);
  const bundles = path.join(ctx.dataDir, 'bundles');
  return {
    denyRead: unique([...sensitive, ...expand(fs?.denyRead)]),
    allowRead: unique([ctx.serverState, bundles, ...expand(fs?.allowRead)]),
    allowWrite: unique([ctx.serverState, ...expand(fs?.allowWrite)]),
    denyWrite: unique(expand(fs?.denyWrite)),
    allowedDomains: unique(net?.allowedDomains ?? []),
    deniedDomains: unique(net?.deniedDomains ?? []),
    dataDir: ctx.dataDir,
    serverState: ctx.serverState,
    tmpDir: path.join(ctx.serverState, 'tmp'),
    cacheDir: path.join(ctx.serverState, 'cache'),
    literal: [...sensitive, ctx.serverState, bundles],
    sensitive,
  };
}

/** A path as a person reads it: the home folder as `~`. */
export function displayPath(value: string, home: string, platform: NodeJS.Platform): string {
  const sep = platform === 'win32' ? '\\' : '/';
  if (value === home) return '~';
  if (home && value.startsWith(home + sep)) return `~${sep}${value.slice(home.length + 1)}`;
  return value;
}

/** The rules for the screen and the CLI: home as `~`. */
export function displayRules(
  policy: EffectiveSandboxRules,
  home: string,
  platform: NodeJS.Platform,
): EffectiveSandboxRules {
  const show = (list: string[]) => list.map((p) => displayPath(p, home, platform));
  return {
    denyRead: show(policy.denyRead),
    allowRead: show(policy.allowRead),
    allowWrite: show(policy.allowWrite),
    denyWrite: show(policy.denyWrite),
    allowedDomains: [...policy.allowedDomains],
    deniedDomains: [...policy.deniedDomains],
  };
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
