import { readFileSync } from 'node:fs';

/** Linux clock ticks per second (USER_HZ); 100 on every kernel this runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) another process has used so far, in milliseconds, from
 * `/proc/<pid>/stat` (fields 14 and 15, in clock ticks: a 10 ms resolution).
 */
export function processCpuMs(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3.
  const rest = text
    .slice(text.lastIndexOf(')') + 1)
    .trim()
    .split(/\s+/);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** Resident set size of another process in bytes, from `/proc/<pid>/status` (VmRSS). */
export function processRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** Peak resident set size of another process so far in bytes, from `/proc/<pid>/status` (VmHWM). */
export function processPeakRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmHWM for pid ${pid}`);
  return Number(match[1]) * 1024;
}
