import { statSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import type { SandboxAllowance } from '../../../shared/domain/serverSandbox';
import { under, type Attempt, type JudgeContext } from './classifyViolation';
import { displayPath } from './resolveSandboxPolicy';

/**
 * Files and folders the runtime never lets a sandboxed process write, whatever the rules say
 * (shell and git configuration, editor folders, git hooks): no entry can allow them.
 */
const ALWAYS_REFUSED = [
  '.bashrc',
  '.bash_profile',
  '.zshrc',
  '.zprofile',
  '.profile',
  '.gitconfig',
  '.gitmodules',
  '.ripgreprc',
  '.mcp.json',
  '.vscode',
  '.idea',
  '.git',
];

/**
 * The one entry that would let an attempt through, as it would be written in the server's
 * rules: a read re-allows that path; a write allows its folder (programs write a file next to
 * the one they replace); a connection allows the host (an IP address with its port). Undefined
 * when no entry can: a write the runtime always refuses, a path or host the person's own rules
 * deny (allowing it would contradict them: they edit that rule themselves), anything in the
 * host's own data folder (its secrets and history are never one click away), or an OS report of
 * something that is neither.
 */
export function suggestAllowance(
  attempt: Attempt,
  ctx: JudgeContext,
): SandboxAllowance | undefined {
  const path = ctx.platform === 'win32' ? win32 : posix;
  const show = (p: string) => displayPath(p, ctx.home, ctx.platform);
  const ownData =
    under(attempt.target, [ctx.policy.dataDir], ctx.platform) &&
    !under(attempt.target, [ctx.policy.serverState], ctx.platform);
  if (ownData) return undefined;
  // The defaults it would open: credentials, keychains, browser profiles (the data folder is
  // never offered at all). A server can print any error it likes, so these ask twice.
  const sensitive = under(attempt.target, ctx.policy.sensitive, ctx.platform);
  const flag = sensitive ? { sensitive: true } : {};
  switch (attempt.kind) {
    case 'read':
      return { key: 'allowRead', value: show(attempt.target), ...flag };
    case 'write': {
      const parts = attempt.target.split(/[\\/]/);
      if (parts.some((part) => ALWAYS_REFUSED.includes(part))) return undefined;
      if (under(attempt.target, ctx.policy.denyWrite, ctx.platform)) return undefined;
      const folder = isDirectory(attempt.target) ? attempt.target : path.dirname(attempt.target);
      return { key: 'allowWrite', value: show(folder), ...flag };
    }
    case 'connect': {
      const { host, port } = splitHostPort(attempt.target);
      if (host === '' || ctx.policy.deniedDomains.some((d) => d === host || d === '*')) {
        return undefined;
      }
      const literal = /^[\d.]+$/.test(host) || host.startsWith('[');
      return { key: 'allowedDomains', value: literal && port ? `${host}:${port}` : host };
    }
    default:
      return undefined;
  }
}

function splitHostPort(target: string): { host: string; port?: string } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(target);
  if (!match) return { host: '' };
  return match[2] ? { host: match[1] ?? '', port: match[2] } : { host: match[1] ?? '' };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
