import { isProcessAlive } from '../../main/services/mcp/launch/isProcessAlive';
import type { BenchHost } from './BenchHost';
import { round } from './summarize';
import { sleep } from './sleep';

/** How long quitting took with some servers running. */
export interface QuitTiming {
  servers: number;
  /** Until `McpService.dispose()` resolved. */
  disposeMs: number;
  /** Until the last server PID was gone (a zombie counts as gone); null if one outlived the wait. */
  allGoneMs: number | null;
  stillAlive: number;
}

/**
 * Calls `dispose()` and polls /proc meanwhile for the servers' PIDs, so the time the last one
 * died is seen even when dispose resolves later (or earlier) than that.
 */
export async function timeQuit(host: BenchHost, waitMs: number): Promise<QuitTiming> {
  const pids = host.pids();
  const alive = new Set(pids);
  let lastGone = 0;
  const started = performance.now();
  const poll = async (): Promise<void> => {
    while (alive.size > 0 && performance.now() - started < waitMs) {
      for (const pid of alive) {
        if (isProcessAlive(pid)) continue;
        alive.delete(pid);
        lastGone = performance.now() - started;
      }
      if (alive.size > 0) await sleep(5);
    }
  };
  const polling = poll();
  await host.dispose();
  const disposeMs = performance.now() - started;
  await polling;
  return {
    servers: pids.length,
    disposeMs: round(disposeMs),
    allGoneMs: alive.size === 0 ? round(lastGone) : null,
    stillAlive: alive.size,
  };
}
