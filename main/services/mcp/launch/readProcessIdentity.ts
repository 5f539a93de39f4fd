import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readProcStat } from './readProcStat';

/**
 * What tells one process apart from a later process that reuses its PID: the start time
 * (with the boot id on Linux, since tick counts restart at boot). The command line is kept
 * for people reading reports; it is not compared, because processes may rewrite their argv.
 */
export interface ProcessIdentity {
  start: string;
  cmdline?: string;
}

/**
 * Reads the identity of a running process; undefined when it does not exist or the platform
 * offers no cheap way to tell (Windows), in which case callers must not act on the PID.
 */
export async function readProcessIdentity(
  pid: number,
  platform: NodeJS.Platform = process.platform,
): Promise<ProcessIdentity | undefined> {
  if (platform === 'linux') return readLinuxIdentity(pid);
  if (platform === 'darwin' || platform === 'freebsd' || platform === 'openbsd') {
    return readPsIdentity(pid);
  }
  return undefined;
}

/** True when both identities name the same process. */
export function sameProcess(recorded: ProcessIdentity, current: ProcessIdentity): boolean {
  return recorded.start === current.start;
}

let bootId: string | undefined;

function readLinuxIdentity(pid: number): ProcessIdentity | undefined {
  const stat = readProcStat(pid);
  if (!stat) return undefined;
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootId = '';
    }
  }
  let cmdline: string | undefined;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    cmdline = undefined;
  }
  const identity: ProcessIdentity = { start: `${bootId}:${stat.startTicks}` };
  if (cmdline) identity.cmdline = cmdline;
  return identity;
}

function readPsIdentity(pid: number): Promise<ProcessIdentity | undefined> {
  return new Promise((resolve) => {
    execFile(
      'ps',
      ['-o', 'lstart=', '-o', 'command=', '-p', String(pid)],
      { timeout: 2000, env: { ...process.env, LC_ALL: 'C' } },
      (error, stdout) => {
        if (error) {
          resolve(undefined);
          return;
        }
        // lstart is a fixed five-field date ("Mon Nov 21 10:00:00 2026"); the rest is the command.
        const match = /^\s*(\S+\s+\S+\s+\S+\s+\S+\s+\S+)\s*(.*)$/.exec(stdout.trim());
        if (!match?.[1]) {
          resolve(undefined);
          return;
        }
        const identity: ProcessIdentity = { start: match[1] };
        if (match[2]) identity.cmdline = match[2];
        resolve(identity);
      },
    );
  });
}
