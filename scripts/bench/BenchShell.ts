import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerView } from '../../shared/domain/mcpViews';
import type { BenchContext } from './BenchContext';
import type { BenchServer } from './BenchHost';
import { startShellProcess, type ShellProcess } from './chat/startShellProcess';
import { ShellSocket } from './ShellSocket';
import { sleep } from './sleep';

/** A stdio server with its own environment, as written in the servers file. */
export type ShellServer = BenchServer & { env?: Record<string, string> };

/**
 * The built web shell as its own process (production mode) over a fresh data dir with the
 * given servers, and a socket to it as a window has one.
 */
export class BenchShell {
  private constructor(
    readonly process: ShellProcess,
    readonly socket: ShellSocket,
    readonly dataDir: string,
    /** How many servers the servers file names. */
    readonly serverCount: number,
  ) {}

  static async start(
    ctx: BenchContext,
    servers: Readonly<Record<string, ShellServer>>,
    options: {
      /** The shell's own environment (e.g. a provider's key and base URL). */
      env?: Record<string, string>;
      /** Writes into the fresh data dir before the shell opens it (e.g. seeded history). */
      seed?: (dataDir: string) => void;
    } = {},
  ): Promise<BenchShell> {
    const dataDir = await mkdtemp(join(ctx.root, 'shell-'));
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: servers }));
    options.seed?.(dataDir);
    const shellProcess = await startShellProcess({
      dataDir,
      env: options.env ?? {},
      janitor: ctx.janitor,
    });
    try {
      const socket = await ShellSocket.connect(shellProcess.url);
      ctx.janitor.onCleanup(() => socket.close());
      return new BenchShell(shellProcess, socket, dataDir, Object.keys(servers).length);
    } catch (error) {
      await shellProcess.stop();
      throw error;
    }
  }

  /** The servers as the shell reports them. */
  async servers(): Promise<ServerView[]> {
    const value = (await this.socket.value('mcp.listServers', {})) as { servers: ServerView[] };
    return value.servers;
  }

  /** Resolves once every configured server is ready; rejects on a failure or the timeout. */
  async whenAllReady(timeoutMs: number): Promise<ServerView[]> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const servers = await this.servers();
      const failed = servers.find((s) => ['error', 'restarting'].includes(s.status.kind));
      if (failed) throw new Error(`server ${failed.name} failed: ${JSON.stringify(failed.status)}`);
      // The file is read after the socket opens: an empty list is not "all ready" yet.
      const ready = servers.filter((s) => s.status.kind === 'ready').length;
      if (servers.length === this.serverCount && ready === this.serverCount) return servers;
      if (performance.now() > deadline) {
        throw new Error(`${this.serverCount - ready} servers not ready after ${timeoutMs} ms`);
      }
      await sleep(50);
    }
  }

  async stop(): Promise<void> {
    await this.socket.close();
    await this.process.stop();
  }
}
