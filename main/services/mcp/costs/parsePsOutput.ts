import type { ProcessRow } from './ProcessRow';

/** The arguments for `ps` (macOS, BSD) whose output {@link parsePsOutput} reads. */
export const PS_ARGS = ['-axo', 'pid=,ppid=,pgid=,rss=,time='] as const;

/**
 * Parses `ps -axo pid=,ppid=,pgid=,rss=,time=`: RSS in KiB, CPU time as `[[dd-]hh:]mm:ss[.cc]`.
 * Lines that do not parse are skipped.
 */
export function parsePsOutput(text: string): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const line of text.split('\n')) {
    const [pid, ppid, pgid, rss, time] = line.trim().split(/\s+/);
    if (!pid || !ppid || !pgid || !rss || !time) continue;
    const cpuMs = parseCpuTime(time);
    const row = {
      pid: Number(pid),
      ppid: Number(ppid),
      group: Number(pgid),
      rssBytes: Number(rss) * 1024,
      cpuMs,
    };
    if ([row.pid, row.ppid, row.group, row.rssBytes, row.cpuMs].every(Number.isFinite))
      rows.push(row);
  }
  return rows;
}

/** `ps` CPU time: `mm:ss.cc`, `hh:mm:ss`, `dd-hh:mm:ss`; NaN when it is none of these. */
export function parseCpuTime(text: string): number {
  const match = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return Number.NaN;
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  return (
    ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60_000 + Number(seconds) * 1000
  );
}
