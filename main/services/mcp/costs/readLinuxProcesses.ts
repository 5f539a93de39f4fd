import { readdir, readFile } from 'node:fs/promises';
import type { ProcessRow } from './ProcessRow';
import { procStatFields } from '../launch/readProcStat';

/** Linux reports CPU times in USER_HZ ticks, which the kernel fixes at 100 per second. */
const MS_PER_TICK = 10;

/**
 * The process table from /proc: one read of each `/proc/<pid>/stat` (parent, session, CPU
 * ticks), and `/proc/<pid>/status` (VmRSS, in kB: no page size to guess) only for processes of
 * the trees asked for. No process is started for it.
 */
export async function readLinuxProcesses(
  roots: readonly number[],
  proc = '/proc',
): Promise<ProcessRow[]> {
  if (roots.length === 0) return [];
  const names = (await readdir(proc)).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(names.map((name) => readStat(proc, Number(name))));
  const rows = stats.filter((row): row is ProcessRow => row !== undefined);
  const wanted = new Set(roots);
  // Only the trees' processes need their memory read: a parent chain or a session leads there.
  const byPid = new Map(rows.map((row) => [row.pid, row]));
  const inTree = (row: ProcessRow): boolean => {
    for (let cursor: ProcessRow | undefined = row, steps = 0; cursor && steps < 64; steps++) {
      if (wanted.has(cursor.pid) || (cursor.group !== undefined && wanted.has(cursor.group))) {
        return true;
      }
      cursor = byPid.get(cursor.ppid);
    }
    return false;
  };
  const members = rows.filter(inTree);
  await Promise.all(
    members.map(async (row) => {
      row.rssBytes = await readRss(proc, row.pid);
    }),
  );
  return members;
}

/** Parses `/proc/<pid>/stat`: ppid is field 4, session 6, utime 14, stime 15. */
export function parseLinuxStat(pid: number, text: string): ProcessRow | undefined {
  const rest = procStatFields(text);
  if (!rest) return undefined;
  const ppid = Number(rest[1]);
  const session = Number(rest[3]);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (![ppid, session, utime, stime].every(Number.isFinite)) return undefined;
  return { pid, ppid, group: session, rssBytes: 0, cpuMs: (utime + stime) * MS_PER_TICK };
}

/** VmRSS of `/proc/<pid>/status` in bytes (0 for a kernel thread or a process gone meanwhile). */
export function parseLinuxRss(text: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(text);
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

async function readStat(proc: string, pid: number): Promise<ProcessRow | undefined> {
  try {
    return parseLinuxStat(pid, await readFile(`${proc}/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

async function readRss(proc: string, pid: number): Promise<number> {
  try {
    return parseLinuxRss(await readFile(`${proc}/${pid}/status`, 'utf8'));
  } catch {
    return 0;
  }
}
