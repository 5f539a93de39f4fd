import { fileURLToPath } from 'node:url';

/** Absolute path of a fixture server in e2e/fixtures/servers. */
export function fixtureServer(name: string): string {
  return fileURLToPath(new URL(`../../../../../e2e/fixtures/servers/${name}`, import.meta.url));
}

/**
 * Test helper: remembers every process and process group a test created and SIGKILLs whatever
 * is left in `afterEach`, so a failing assertion never leaves processes behind.
 */
export class ProcessJanitor {
  private readonly pids = new Set<number>();
  private readonly groups = new Set<number>();
  private readonly cleanups: (() => Promise<unknown>)[] = [];

  trackPid(pid: number | undefined): void {
    if (pid !== undefined) this.pids.add(pid);
  }

  trackGroup(pgid: number | undefined): void {
    if (pgid !== undefined) this.groups.add(pgid);
  }

  /** Runs first at cleanup (closing clients and transports the polite way). */
  onCleanup(cleanup: () => Promise<unknown>): void {
    this.cleanups.push(cleanup);
  }

  async cleanup(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0)) await cleanup().catch(() => undefined);
    for (const pgid of this.groups) kill(-pgid);
    for (const pid of this.pids) kill(pid);
    this.groups.clear();
    this.pids.clear();
  }
}

function kill(target: number): void {
  try {
    process.kill(target, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
