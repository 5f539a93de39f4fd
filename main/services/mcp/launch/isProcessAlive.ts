import { readdirSync } from 'node:fs';
import { readProcStat } from './readProcStat';

/**
 * True when a process with this PID exists and has not exited. On Linux a zombie counts as
 * exited: an orphan whose reaper (PID 1 in some containers) never collects it must not look
 * alive, or tree-kill checks would wait on the dead.
 */
export function isProcessAlive(pid: number): boolean {
  if (!signalZero(pid)) return false;
  if (process.platform !== 'linux') return true;
  const stat = readProcStat(pid);
  // The process can vanish between the two checks; no stat = gone.
  return stat !== undefined && !isExitedState(stat.state);
}

/**
 * True when the process group still has a live member. The group outlives its leader: a
 * wrapper (`npx`, `sh -c`) can exit while the server it started keeps running in the group.
 */
export function isProcessGroupAlive(pgid: number): boolean {
  if (process.platform === 'win32') return signalZero(pgid);
  if (!signalZero(-pgid)) return false;
  if (process.platform !== 'linux') return true;
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcStat(Number(name));
    if (stat && stat.pgrp === pgid && !isExitedState(stat.state)) return true;
  }
  return false;
}

function signalZero(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isExitedState(state: string): boolean {
  return state === 'Z' || state === 'X' || state === 'x';
}
