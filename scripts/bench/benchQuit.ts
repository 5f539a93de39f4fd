import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isProcessAlive } from '../../main/services/mcp/launch/isProcessAlive';
import type { BenchContext } from './BenchContext';
import { BenchShell, type ShellServer } from './BenchShell';
import { fixtureServer } from './fixtureServer';
import { atMost, type Goal } from './Goal';
import { sleep } from './sleep';
import { round, summarize, type Summary } from './summarize';

const SERVERS = 30;
const RUNS = 3;
/** How long survivors are waited for after the shell exited, before they count as survivors. */
const SURVIVOR_WAIT_MS = 15_000;

/** One quit. */
export interface QuitRun {
  processes: number;
  /** SIGTERM → the shell process exited. */
  shellExitMs: number;
  /** SIGTERM → the last server or grandchild gone (a zombie counts as gone). */
  allGoneMs: number | null;
  survivors: number;
}

/** Goal: quitting with 30 servers that each left a grandchild, plus one that ignores SIGTERM. */
export interface QuitReport {
  servers: number;
  runs: QuitRun[];
  shellExitMs: Summary;
  allGoneMs: Summary;
  goals: Goal[];
}

/**
 * Starts the built web shell with 30 with-grandchild.mjs servers (each starts a grandchild and
 * leaves it running when stdin ends) and one more whose server and grandchild ignore SIGTERM
 * and stdin's end, waits until all are ready, then quits the shell as a person does (SIGTERM)
 * and watches every server and grandchild PID until it is gone. Survivors are counted after
 * the shell exited and a further wait; the janitor ends them if any.
 */
export async function benchQuit(ctx: BenchContext): Promise<QuitReport> {
  const runs: QuitRun[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await quitOnce(ctx));
  const survivors = runs.reduce((sum, run) => sum + run.survivors, 0);
  const gone = runs.map((run) => run.allGoneMs ?? SURVIVOR_WAIT_MS);
  const allGoneMs = summarize(gone);
  return {
    servers: SERVERS + 1,
    runs,
    shellExitMs: summarize(runs.map((run) => run.shellExitMs)),
    allGoneMs,
    goals: [
      atMost(
        'quit.survivors',
        `processes left after quitting with ${SERVERS} servers with grandchildren + 1 ignoring SIGTERM, over ${RUNS} quits (time to all gone in "measured")`,
        survivors,
        0,
        'count',
        { n: RUNS, measured: allGoneMs },
      ),
    ],
  };
}

async function quitOnce(ctx: BenchContext): Promise<QuitRun> {
  const pidDir = await mkdtemp(join(ctx.root, 'pids-'));
  const script = fixtureServer('with-grandchild.mjs');
  const servers: Record<string, ShellServer> = {};
  for (let i = 1; i <= SERVERS; i++) {
    servers[`child-${String(i).padStart(2, '0')}`] = {
      command: process.execPath,
      args: [script],
      env: { GRANDCHILD_PID_DIR: pidDir },
    };
  }
  servers.stubborn = {
    command: process.execPath,
    args: [script],
    env: { GRANDCHILD_PID_DIR: pidDir, STUBBORN: '1' },
  };
  const shell = await BenchShell.start(ctx, servers);
  try {
    await shell.whenAllReady(120_000);
    const pids = await readPids(pidDir, SERVERS + 1);
    for (const pid of pids) ctx.janitor.trackPid(pid);
    await shell.socket.close();
    const alive = new Set(pids);
    let lastGone = 0;
    const started = performance.now();
    process.kill(shell.process.pid, 'SIGTERM');
    let shellExitMs = Number.NaN;
    void shell.process.exited.then(() => (shellExitMs = performance.now() - started));
    let exitedAt: number | undefined;
    while (alive.size > 0) {
      for (const pid of alive) {
        if (isProcessAlive(pid)) continue;
        alive.delete(pid);
        lastGone = performance.now() - started;
      }
      if (!Number.isNaN(shellExitMs)) exitedAt ??= performance.now();
      if (exitedAt !== undefined && performance.now() - exitedAt > SURVIVOR_WAIT_MS) break;
      if (performance.now() - started > 4 * SURVIVOR_WAIT_MS) break;
      await sleep(5);
    }
    await shell.process.exited;
    return {
      processes: pids.length,
      shellExitMs: round(shellExitMs),
      allGoneMs: alive.size === 0 ? round(lastGone) : null,
      survivors: alive.size,
    };
  } finally {
    await shell.stop();
  }
}

/** Every server's and grandchild's PID, as the servers wrote them. */
async function readPids(dir: string, servers: number): Promise<number[]> {
  for (let waited = 0; ; waited += 50) {
    const files = await readdir(dir);
    if (files.length >= servers) {
      const pids = await Promise.all(
        files.map(async (file) => {
          const { pid, grandchildPid } = JSON.parse(await readFile(join(dir, file), 'utf8')) as {
            pid: number;
            grandchildPid: number;
          };
          return [pid, grandchildPid];
        }),
      );
      return pids.flat();
    }
    if (waited > 10_000) throw new Error(`only ${files.length} of ${servers} servers wrote PIDs`);
    await sleep(50);
  }
}
