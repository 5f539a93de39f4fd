import { existsSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import type {
  SandboxViolationKind,
  SandboxViolationSource,
} from '../../../shared/domain/serverSandbox';
import type { SandboxPolicy } from './resolveSandboxPolicy';

/** A refused attempt, understood: what, on what (an absolute path or `host:port`), seen by whom. */
export interface Attempt {
  kind: SandboxViolationKind;
  target: string;
  source: SandboxViolationSource;
}

/** The policy and the system a line is judged against. */
export interface JudgeContext {
  policy: SandboxPolicy;
  platform: NodeJS.Platform;
  /** The home folder, for a `~/…` in an error message. */
  home: string;
}

const PROXY_LINE = /^deny network-outbound (\S+?):(\d+)\b/;
// The Linux write monitor: `deny <syscall> <absolute path>`.
const MONITOR_LINE = /^deny ([a-z0-9_]+) (\/.*)$/;
// Seatbelt (macOS): `node(123) deny(1) file-read-data /Users/x/.ssh/id_ed25519`.
const SEATBELT_LINE = /\bdeny(?:\(\d+\))? ([a-z*-]+)(?: (.+))?$/;

/**
 * Reads one line the runtime reported. The Linux monitor reports every write *attempt* judged
 * against the session's (empty) rules, so each is judged again here against the server's own:
 * a write it may do (its state folder, an allowed folder, the runtime's own scratch places, a
 * folder that already exists for `mkdir -p`) is not a refusal and gives undefined.
 */
export function classifyViolation(line: string, ctx: JudgeContext): Attempt | undefined {
  const proxy = PROXY_LINE.exec(line);
  if (proxy) return { kind: 'connect', target: `${proxy[1]}:${proxy[2]}`, source: 'proxy' };
  const monitor = MONITOR_LINE.exec(line);
  if (monitor) {
    const [, syscall = '', path = ''] = monitor;
    if (writeAllowed(path, ctx) || (syscall === 'mkdir' && existsSync(path))) return undefined;
    return { kind: 'write', target: path, source: 'os' };
  }
  const seatbelt = SEATBELT_LINE.exec(line);
  if (seatbelt) {
    const [, operation = '', target = ''] = seatbelt;
    if (operation.startsWith('file-read')) return { kind: 'read', target, source: 'os' };
    if (operation.startsWith('file-write')) return { kind: 'write', target, source: 'os' };
    if (operation.startsWith('network')) return { kind: 'connect', target, source: 'os' };
    return { kind: 'other', target: `${operation} ${target}`.trim(), source: 'os' };
  }
  return undefined;
}

const ERROR_CODE =
  /\b(ENOENT|EACCES|EPERM|EROFS)\b|no such file or directory|permission denied|operation not permitted|read-only file system/i;
const READ_ONLY = /\bEROFS\b|read-only file system/i;
const CONNECT_ERROR =
  /\b(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH)\s+([A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d+))?/g;
const POSIX_PATH = /(?:^|[\s'"`(=:])((?:\/|~\/)[^\s'"`),;]*)/g;
const WINDOWS_PATH = /[A-Za-z]:\\[^\s'"`),;]*/g;

/**
 * Attempts an error message names, as the server reported it (a stderr line, an error result).
 * On Linux a refused read leaves no trace but the error the server got: a file inside a denied
 * folder is missing (ENOENT), a denied file cannot be opened (EACCES); a refused write fails
 * with EROFS; a connection that did not use the proxy finds no network. Only paths inside a
 * denied place (or, for EROFS, outside the writable ones) and hosts not allowed count, so an
 * ordinary missing file is not reported.
 */
export function inferViolations(text: string, ctx: JudgeContext): Attempt[] {
  const found: Attempt[] = [];
  const windows = ctx.platform === 'win32';
  if (ERROR_CODE.test(text)) {
    const pattern = windows ? WINDOWS_PATH : POSIX_PATH;
    for (const match of text.matchAll(pattern)) {
      const path = expandHome(trimPath(windows ? match[0] : (match[1] ?? '')), ctx);
      if (path === '') continue;
      if (readDenied(path, ctx)) found.push({ kind: 'read', target: path, source: 'error' });
      else if (READ_ONLY.test(text) && !writeAllowed(path, ctx)) {
        found.push({ kind: 'write', target: path, source: 'error' });
      }
    }
  }
  for (const match of text.matchAll(CONNECT_ERROR)) {
    const host = match[1] ?? '';
    const target = match[2] ? `${host}:${match[2]}` : host;
    if (!hostAllowed(host, ctx.policy.allowedDomains)) {
      found.push({ kind: 'connect', target, source: 'error' });
    }
  }
  // A message names a path more than once (the message, the error's `path`): one attempt.
  const seen = new Set<string>();
  return found.filter(
    (a) => !seen.has(`${a.kind} ${a.target}`) && !!seen.add(`${a.kind} ${a.target}`),
  );
}

/** Whether the server may write `path` under its rules (or the runtime's own scratch places). */
export function writeAllowed(path: string, { policy, platform }: JudgeContext): boolean {
  if (under(path, policy.denyWrite, platform)) return false;
  if (under(path, policy.allowWrite, platform)) return true;
  // Writes the runtime always permits, or that land in the sandbox's own scratch mounts.
  return (
    platform !== 'win32' &&
    (under(path, ['/dev', '/proc', '/tmp/claude', '/private/tmp/claude'], platform) ||
      under(path, policy.denyRead, platform))
  );
}

/** Whether reading `path` is refused: inside a denied place and not re-allowed. */
export function readDenied(path: string, { policy, platform }: JudgeContext): boolean {
  return under(path, policy.denyRead, platform) && !under(path, policy.allowRead, platform);
}

/** Whether `path` is one of `places` or inside one (globs in places are not matched). */
export function under(path: string, places: readonly string[], platform: NodeJS.Platform): boolean {
  const windows = platform === 'win32';
  const norm = (p: string) => (windows ? win32.normalize(p).toLowerCase() : posix.normalize(p));
  const sep = windows ? '\\' : '/';
  const target = norm(path);
  return places.some((place) => {
    const root = norm(place).replace(/[\\/]+$/, '');
    return target === root || target.startsWith(root + sep);
  });
}

/** Whether an allowed-domains list lets `host` through (any port). */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((entry) => {
    const pattern = (entry.startsWith('[') ? entry : (entry.split(':')[0] ?? '')).toLowerCase();
    if (pattern.startsWith('*.')) return name.endsWith(pattern.slice(1));
    return name === pattern || name === pattern.replace(/:\d+$/, '');
  });
}

function expandHome(path: string, ctx: JudgeContext): string {
  return path.startsWith('~/') && ctx.home ? ctx.home + path.slice(1) : path;
}

/** A path cut out of prose: without a closing quote or sentence punctuation. */
function trimPath(path: string): string {
  return path.replace(/[.:'"`]+$/, '');
}
