import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessGroupAlive } from './isProcessAlive';

/** Options for {@link killProcessGroup}. */
export interface KillProcessGroupOptions {
  /** How long the group gets to exit after SIGTERM before SIGKILL. */
  graceMs?: number;
  /** How long to wait for the group to disappear after SIGKILL. */
  killWaitMs?: number;
}

/**
 * Ends a POSIX process group: SIGTERM to every member, wait up to `graceMs`, then SIGKILL to
 * the group. Resolves true when no live member remains. Signalling the group (not one PID) is
 * what reaches the grandchildren that wrappers like `npx` or `sh -c` leave behind.
 */
export async function killProcessGroup(
  pgid: number,
  { graceMs = 2000, killWaitMs = 5000 }: KillProcessGroupOptions = {},
): Promise<boolean> {
  if (!isProcessGroupAlive(pgid)) return true;
  signalGroup(pgid, 'SIGTERM');
  if (await waitForGroupExit(pgid, graceMs)) return true;
  signalGroup(pgid, 'SIGKILL');
  return waitForGroupExit(pgid, killWaitMs);
}

/** Polls until the group has no live member or the timeout passes; true when it is gone. */
export async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isProcessGroupAlive(pgid)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(25, Math.max(1, deadline - Date.now())));
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group vanished between the check and the signal; EPERM: not ours to kill.
  }
}
