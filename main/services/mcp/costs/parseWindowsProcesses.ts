import type { ProcessRow } from './ProcessRow';

/**
 * The PowerShell command whose output {@link parseWindowsProcesses} reads: one line per
 * process, `pid ppid workingSetBytes cpu100ns`, from Win32_Process (no module to install).
 */
export const POWERSHELL_ARGS = [
  '-NoProfile',
  '-NonInteractive',
  '-Command',
  'Get-CimInstance Win32_Process | ForEach-Object { "$($_.ProcessId) $($_.ParentProcessId) $($_.WorkingSetSize) $([uint64]$_.UserModeTime + [uint64]$_.KernelModeTime)" }',
] as const;

/** Parses those lines; CPU time comes in 100-nanosecond units. Lines that do not parse are skipped. */
export function parseWindowsProcesses(text: string): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const line of text.split(/\r?\n/)) {
    const parts = line.trim().split(/\s+/);
    if (parts.length !== 4) continue;
    const [pid, ppid, rss, cpu] = parts.map(Number);
    if (pid === undefined || ppid === undefined || rss === undefined || cpu === undefined) continue;
    if (![pid, ppid, rss, cpu].every(Number.isFinite)) continue;
    rows.push({ pid, ppid, rssBytes: rss, cpuMs: cpu / 10_000 });
  }
  return rows;
}
