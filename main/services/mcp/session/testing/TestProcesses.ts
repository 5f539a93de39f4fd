import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type {
  HttpServerConfig,
  ProtocolPreference,
  StdioServerConfig,
} from '../../../../../shared/domain/serverConfig';
import { AppError } from '../../../../../shared/errors';
import type { TransportFactory } from '../connectStdio';
import type { McpSession } from '../McpSession';
import type { TrafficEvent } from '../TrafficTapTransport';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

/** server-everything's entry point, started with `node` (never npx). */
export const EVERYTHING_BIN = `${repoRoot}node_modules/@modelcontextprotocol/server-everything/dist/index.js`;
/** The v2 fixture server (stdio). */
export const MODERN_FIXTURE = `${repoRoot}e2e/fixtures/servers/modern-v2.mjs`;
/** `@cyanheads/git-mcp-server` (a devDependency): answers 500 to anything before `initialize`. */
export const GIT_MCP_BIN = `${repoRoot}node_modules/@cyanheads/git-mcp-server/dist/index.js`;
/** The v2 fixture server (HTTP). */
export const MODERN_HTTP_FIXTURE = `${repoRoot}e2e/fixtures/servers/modern-v2-http.mjs`;

/** A stdio config for `node <args…>`; the factory in tests supplies the actual transport. */
export function stdioConfig(
  args: string[],
  protocol: ProtocolPreference = 'auto',
  env: Record<string, string> = {},
): StdioServerConfig {
  return {
    name: 'test-server',
    disabled: false,
    timeouts: { startupMs: 15_000, requestMs: 10_000 },
    protocol,
    transport: 'stdio',
    command: process.execPath,
    args,
    env,
  };
}

/** A URL config. */
export function httpConfig(
  url: string,
  protocol: ProtocolPreference = 'auto',
  transport: 'http' | 'sse' = 'http',
): HttpServerConfig {
  return {
    name: 'test-http-server',
    disabled: false,
    timeouts: { startupMs: 15_000, requestMs: 10_000 },
    protocol,
    transport,
    url,
    headers: { 'x-test-header': 'switchboard' },
  };
}

/** An HTTP server process started by a test. */
export interface HttpServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr: () => string;
}

/**
 * Starts and always cleans up the server processes of one test: stdio transports made by
 * {@link stdioFactory} and HTTP servers. Call {@link cleanup} in `afterEach`.
 */
export class TestProcesses {
  private readonly transports: StdioClientTransport[] = [];
  private readonly children = new Set<ChildProcess>();
  /** Stderr of every stdio server started, in order. */
  readonly stdioStderr: string[] = [];

  /** How many stdio processes the factory has been asked for. */
  get spawnCount(): number {
    return this.transports.length;
  }

  /** Pids of the stdio processes started so far (those that got one). */
  get stdioPids(): number[] {
    return this.transports.flatMap((t) => (t.pid === null ? [] : [t.pid]));
  }

  /** A factory making a fresh `StdioClientTransport` per call, for `config`. */
  stdioFactory(config: StdioServerConfig): TransportFactory {
    return () => {
      const transport = new StdioClientTransport({
        command: config.command,
        args: config.args,
        env: config.env,
        stderr: 'pipe',
      });
      const index = this.stdioStderr.push('') - 1;
      transport.stderr?.on('data', (chunk: Buffer) => {
        this.stdioStderr[index] = (this.stdioStderr[index] ?? '') + chunk.toString('utf8');
      });
      this.transports.push(transport);
      return transport;
    };
  }

  /** server-everything in `streamableHttp` or `sse` mode on a free port. */
  async startEverythingHttp(
    mode: 'streamableHttp' | 'sse',
    port?: number,
  ): Promise<HttpServerProcess> {
    const chosen = port ?? (await freePort());
    const child = this.spawnNode([EVERYTHING_BIN, mode], { PORT: String(chosen) });
    const ready = mode === 'sse' ? /Server is running on port/ : /listening on port/;
    const stderr = collect(child, 'stderr');
    await waitFor(child, () => ready.test(stderr()), `server-everything ${mode}`);
    const path = mode === 'sse' ? '/sse' : '/mcp';
    return { url: `http://127.0.0.1:${chosen}${path}`, port: chosen, child, stderr };
  }

  /** `@cyanheads/git-mcp-server` in its HTTP mode on 127.0.0.1, without auth. */
  async startGitMcpHttp(): Promise<HttpServerProcess> {
    const port = await freePort();
    const child = this.spawnNode([GIT_MCP_BIN], {
      MCP_TRANSPORT_TYPE: 'http',
      MCP_HTTP_HOST: '127.0.0.1',
      MCP_HTTP_PORT: String(port),
      MCP_HTTP_MAX_PORT_RETRIES: '0',
      MCP_AUTH_MODE: 'none',
      MCP_LOG_LEVEL: 'info',
    });
    const stderr = collect(child, 'stderr');
    const listening = /HTTP transport listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/;
    await waitFor(child, () => listening.test(stderr()), 'git-mcp-server http');
    const url = listening.exec(stderr())?.[1] ?? '';
    return { url, port: Number(new URL(url).port), child, stderr };
  }

  /** The v2 fixture over HTTP; `port` 0 (default) lets it pick. */
  startModernHttp(port = 0): Promise<HttpServerProcess> {
    return this.startHttpFixture([MODERN_HTTP_FIXTURE, String(port)]);
  }

  /** A fixture that prints `MCP_URL=…` on stdout once it listens (`node <args…>`). */
  async startHttpFixture(
    args: string[],
    env: Record<string, string> = {},
  ): Promise<HttpServerProcess> {
    const child = this.spawnNode(args, env);
    const stdout = collect(child, 'stdout');
    const stderr = collect(child, 'stderr');
    await waitFor(child, () => /MCP_URL=\S+/.test(stdout()), args[0] ?? 'fixture');
    const url = /MCP_URL=(\S+)/.exec(stdout())?.[1] ?? '';
    return { url, port: Number(new URL(url).port), child, stderr };
  }

  /** Stops an HTTP server process and waits until it has exited. */
  async stop(server: HttpServerProcess): Promise<void> {
    await terminate(server.child);
    this.children.delete(server.child);
  }

  /** Stops every process this test started. */
  async cleanup(): Promise<void> {
    await Promise.all(this.transports.map((t) => t.close().catch(() => undefined)));
    await Promise.all([...this.children].map((child) => terminate(child)));
    this.children.clear();
    this.transports.length = 0;
  }

  private spawnNode(args: string[], env: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.add(child);
    return child;
  }
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `condition` until it holds or `timeoutMs` passes. */
export async function eventually(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function collect(child: ChildProcess, stream: 'stdout' | 'stderr'): () => string {
  let text = '';
  child[stream]?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return () => text;
}

async function waitFor(child: ChildProcess, ready: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!ready()) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() - start > 10_000) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
  await exited;
  clearTimeout(timer);
}

/** Collects everything a session's traffic tap reports. */
export function recordTraffic(session: McpSession): TrafficEvent[] {
  const events: TrafficEvent[] = [];
  session.onTraffic((event) => events.push(event));
  return events;
}

/** Methods of the requests and notifications the client sent, in order. */
export function methodsSent(events: TrafficEvent[]): string[] {
  return events.flatMap((e) =>
    e.direction === 'out' && 'method' in e.message ? [e.message.method] : [],
  );
}

/** The AppError `promise` rejects with (fails when it resolves or rejects with anything else). */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw new Error(`expected an AppError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a rejection');
}

/** The text of a tool result's text blocks. */
export function textOf(result: { content: unknown[] }): string {
  return result.content.map((block) => (block as { text?: string }).text ?? '').join('');
}
