import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger } from '../../main/platform/Logger';
import { appPaths } from '../../main/platform/resolveDataDir';
import { ServersFileService } from '../../main/services/config/ServersFileService';
import { HostEvents } from '../../main/services/base/HostEvents';
import type { ProcessJanitor } from '../../main/services/mcp/launch/testing/ProcessJanitor';
import { McpService } from '../../main/services/mcp/McpService';
import type { ServerSupervisor } from '../../main/services/mcp/supervisor/ServerSupervisor';

/** A stdio server as written in the servers file. */
export interface BenchServer {
  command: string;
  args: string[];
  /** Runs in the sandbox (see benchSandbox). */
  sandboxEnabled?: boolean;
}

/** Options of {@link BenchHost.create}. */
export interface BenchHostOptions {
  /** Parent of the host's fresh data dir (the run's temp dir). */
  root: string;
  servers: Readonly<Record<string, BenchServer>>;
  /** Told about every server process, so a crash never leaves one behind. */
  janitor: ProcessJanitor;
  /** Grace per kill step on stop; the app's default when omitted. */
  killGraceMs?: number;
}

/**
 * The host's MCP layer as the app wires it (servers file → McpService → supervisors), in a
 * fresh data dir: no era verdicts, PID ledger or catalogue carried over between measurements.
 */
export class BenchHost {
  private disposing: Promise<void> | undefined;

  private constructor(
    readonly mcp: McpService,
    readonly dataDir: string,
    private readonly janitor: ProcessJanitor,
  ) {}

  /** Writes the servers file and builds the service; nothing is started yet. */
  static async create(options: BenchHostOptions): Promise<BenchHost> {
    const dataDir = await mkdtemp(join(options.root, 'host-'));
    const paths = appPaths(dataDir);
    await mkdir(paths.logsDir, { recursive: true });
    await writeFile(paths.serversFile, JSON.stringify({ mcpServers: options.servers }, null, 2));
    // The app logs to a file and keeps the console quiet; stdout here belongs to the report.
    const log = createLogger({ file: join(paths.logsDir, 'main.log'), consoleLevel: 'silent' });
    const files = new ServersFileService({
      file: paths.serversFile,
      env: process.env,
      log: log.child('config'),
    });
    const mcp = new McpService({
      dataDir,
      logsDir: paths.logsDir,
      files,
      events: new HostEvents(),
      log: log.child('mcp'),
      env: process.env,
      // The login shell is a one-off cost that depends on the person's dotfiles, not the host.
      useLoginShell: false,
      ...(options.killGraceMs !== undefined
        ? { supervisor: { killGraceMs: options.killGraceMs } }
        : {}),
    });
    const host = new BenchHost(mcp, dataDir, options.janitor);
    options.janitor.onCleanup(() => host.dispose());
    return host;
  }

  /** Resolves once every configured server is `ready`; rejects on a failure or the timeout. */
  whenAllReady(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const servers = this.mcp.registry.list();
        for (const s of servers) this.track(s);
        const failed = servers.find((s) => ['error', 'restarting'].includes(s.status.kind));
        if (failed) {
          done();
          reject(
            new Error(`server ${failed.config.name} failed: ${JSON.stringify(failed.status)}`),
          );
        } else if (servers.every((s) => s.status.kind === 'ready')) {
          done();
          resolve();
        }
      };
      const timer = setTimeout(() => {
        done();
        const waiting = this.mcp.registry.list().filter((s) => s.status.kind !== 'ready');
        reject(new Error(`${waiting.length} servers not ready after ${timeoutMs} ms`));
      }, timeoutMs);
      // Status changes fire synchronously, so the moment the last server turns ready is exact.
      const unsubscribe = this.mcp.registry.onDidChange(check);
      const done = (): void => {
        clearTimeout(timer);
        unsubscribe();
      };
      check();
    });
  }

  /** PIDs of the servers' main processes (each leads its own process group). */
  pids(): number[] {
    return this.mcp.registry.list().flatMap((s) => s.pid ?? []);
  }

  /** The supervisor of one configured server. */
  supervisor(name: string): ServerSupervisor {
    return this.mcp.supervisor(name);
  }

  /** Stops every server (the app's quit path). Idempotent: the janitor calls it again. */
  dispose(): Promise<void> {
    for (const s of this.mcp.registry.list()) this.track(s);
    this.disposing ??= this.mcp.dispose();
    return this.disposing;
  }

  private track(supervisor: ServerSupervisor): void {
    const pid = supervisor.pid;
    if (pid !== undefined) this.janitor.trackGroup(pid);
  }
}
