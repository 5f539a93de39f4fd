import { readFileSync } from 'node:fs';

/** The fields of Linux `/proc/<pid>/stat` the launch layer needs. */
export interface ProcStat {
  /** One-letter state; `Z` (zombie) and `X` (dead) mean the process has already exited. */
  state: string;
  ppid: number;
  /** Process group id. */
  pgrp: number;
  /** Session id. */
  session: number;
  /** Start time in clock ticks since boot (field 22); unchanged by exec, so it identifies a process. */
  startTicks: string;
}

/**
 * Reads `/proc/<pid>/stat` (Linux only); undefined when the process does not exist or /proc is
 * not available. Synchronous on purpose: /proc reads never block on disk and callers poll it.
 */
export function readProcStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  return parseProcStat(text);
}

/**
 * The fields of `/proc/<pid>/stat` after the command name (which may contain spaces and
 * parentheses): they start at field 3 (state), so field N (1-based) is `rest[N - 3]`.
 */
export function procStatFields(text: string): string[] | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  return text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
}

/** Parses the text of `/proc/<pid>/stat`. */
export function parseProcStat(text: string): ProcStat | undefined {
  const rest = procStatFields(text);
  if (!rest) return undefined;
  const [state, ppid, pgrp, session] = rest;
  const startTicks = rest[19];
  if (!state || !ppid || !pgrp || !session || !startTicks) return undefined;
  return {
    state,
    ppid: Number(ppid),
    pgrp: Number(pgrp),
    session: Number(session),
    startTicks,
  };
}
