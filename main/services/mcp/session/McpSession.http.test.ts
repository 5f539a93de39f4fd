import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../../shared/errors';
import { EraVerdictCache } from './EraVerdictCache';
import { McpSession, type McpSessionOptions } from './McpSession';
import {
  eventually,
  freePort,
  httpConfig,
  methodsSent,
  recordTraffic,
  rejection,
  TestProcesses,
  textOf,
  type HttpServerProcess,
} from './testing/TestProcesses';

let processes: TestProcesses;
let sessions: McpSession[];
let dir: string;

beforeEach(async () => {
  processes = new TestProcesses();
  sessions = [];
  dir = await mkdtemp(join(tmpdir(), 'mcp-session-http-'));
});

afterEach(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await processes.cleanup();
  await rm(dir, { recursive: true, force: true });
});

function session(options: McpSessionOptions): McpSession {
  const created = new McpSession(options);
  sessions.push(created);
  return created;
}

/** Stops `server` and starts the same kind again on the same port (a server restart). */
async function restartModern(server: HttpServerProcess): Promise<HttpServerProcess> {
  await processes.stop(server);
  return processes.startModernHttp(server.port);
}

describe('server-everything over HTTP', () => {
  it('connects over Streamable HTTP (legacy era, session id) and calls echo', async () => {
    const server = await processes.startEverythingHttp('streamableHttp');
    const s = session({ config: httpConfig(server.url) });
    const info = await s.connect();
    expect(info).toMatchObject({ era: 'legacy', transportKind: 'http', eraSource: 'probe' });
    expect(s.transportKind).toBe('http');
    expect((await s.listTools()).map((t) => t.name)).toContain('echo');
    expect(textOf(await s.callTool('echo', { message: 'over http' }))).toBe('Echo: over http');
  });

  it('falls back to the SSE transport when the URL does not take POSTs', async () => {
    const server = await processes.startEverythingHttp('sse');
    const file = join(dir, 'eras.json');
    const s = session({ config: httpConfig(server.url), eraCache: new EraVerdictCache({ file }) });
    const info = await s.connect();
    expect(info).toMatchObject({ era: 'legacy', transportKind: 'sse' });
    expect(textOf(await s.callTool('echo', { message: 'over sse' }))).toBe('Echo: over sse');
    await s.close();

    // The verdict remembers "SSE": the next connect goes there directly.
    const again = session({
      config: httpConfig(server.url),
      eraCache: new EraVerdictCache({ file }),
    });
    const traffic = recordTraffic(again);
    expect(await again.connect()).toMatchObject({ transportKind: 'sse', eraSource: 'cache' });
    expect(methodsSent(traffic)[0]).toBe('initialize');
  });

  it('connects to an SSE config directly', async () => {
    const server = await processes.startEverythingHttp('sse');
    const s = session({ config: httpConfig(server.url, 'auto', 'sse') });
    expect(await s.connect()).toMatchObject({ transportKind: 'sse', era: 'legacy' });
    expect(textOf(await s.callTool('echo', { message: 'x' }))).toBe('Echo: x');
  });

  it('recovers when the server restarted and forgot our session (400 + "session")', async () => {
    const server = await processes.startEverythingHttp('streamableHttp');
    const s = session({ config: httpConfig(server.url, 'legacy') });
    await s.connect();
    await s.listTools();
    await processes.stop(server);
    await processes.startEverythingHttp('streamableHttp', server.port);
    // echo is annotated readOnly + idempotent: safe to repeat after the reconnect.
    expect(textOf(await s.callTool('echo', { message: 'after restart' }))).toBe(
      'Echo: after restart',
    );
  });

  it('maps an unreachable server to MCP_CLOSED', async () => {
    const port = await freePort();
    const s = session({ config: httpConfig(`http://127.0.0.1:${port}/mcp`) });
    const error = await rejection(s.connect());
    expect(error.code).toBe(AppErrorCode.McpClosed);
  });
});

describe('v2 fixture over HTTP', () => {
  it('auto negotiates the modern era; the cache skips the probe; list_changed works both times', async () => {
    const server = await processes.startModernHttp();
    const file = join(dir, 'eras.json');
    const first = session({
      config: httpConfig(server.url),
      eraCache: new EraVerdictCache({ file }),
    });
    const changes: string[][] = [];
    first.onDidChangeTools((tools) => changes.push(tools.map((t) => t.name)));
    expect(await first.connect()).toMatchObject({
      era: 'modern',
      protocolVersion: '2026-07-28',
      transportKind: 'http',
      eraSource: 'probe',
    });
    await first.callTool('add-tool');
    await eventually(() => changes.some((names) => names.includes('dynamic-1')));
    await first.close();

    const second = session({
      config: httpConfig(server.url),
      eraCache: new EraVerdictCache({ file }),
    });
    const traffic = recordTraffic(second);
    const later: string[][] = [];
    second.onDidChangeTools((tools) => later.push(tools.map((t) => t.name)));
    expect(await second.connect()).toMatchObject({ era: 'modern', eraSource: 'cache' });
    expect(methodsSent(traffic)).not.toContain('server/discover');
    expect(server.stderr().match(/method: server\/discover/g)).toHaveLength(1);
    await second.callTool('add-tool');
    await eventually(() => later.some((names) => names.includes('dynamic-2')));
  });

  it('forced legacy gets a session and progress over SSE responses', async () => {
    const server = await processes.startModernHttp();
    const s = session({ config: httpConfig(server.url, 'legacy') });
    expect(await s.connect()).toMatchObject({ era: 'legacy', eraSource: 'forced' });
    expect(textOf(await s.callTool('era'))).toBe('legacy');
    expect(server.stderr()).toContain('x-test-header: switchboard');
    const progress: number[] = [];
    await s.callTool(
      'slow',
      { steps: 3, stepMs: 30 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(progress.length).toBeGreaterThanOrEqual(2);
  });

  it('after a restart (404 on the old session) reconnects and repeats only safe calls', async () => {
    let server = await processes.startModernHttp();
    const s = session({ config: httpConfig(server.url, 'legacy') });
    await s.connect();
    await s.listTools(); // learns the annotations that decide what is safe to repeat
    const traffic = recordTraffic(s);

    server = await restartModern(server);
    // Listing is always safe: reconnected and repeated transparently.
    expect((await s.listTools()).map((t) => t.name)).toContain('counter');
    expect(methodsSent(traffic).filter((m) => m === 'initialize')).toHaveLength(1);

    server = await restartModern(server);
    // counter is neither read-only nor idempotent: reconnect, but do not run it twice.
    const error = await rejection(s.callTool('counter'));
    expect(error.code).toBe(AppErrorCode.McpClosed);
    expect(error.data).toMatchObject({ staleSession: true, retried: false });
    // The fresh session works, and the call really did not run on the new server.
    expect(textOf(await s.callTool('counter'))).toBe('1');

    await restartModern(server);
    // echo is read-only: repeated after the reconnect.
    expect(textOf(await s.callTool('echo', { message: 'again' }))).toBe('Echo: again');
    expect(s.state).toBe('connected');
  });
});

describe('a server that answers the version probe with an HTTP error', () => {
  it('@cyanheads/git-mcp-server (500 before initialize) connects in auto; the verdict is kept', async () => {
    const server = await processes.startGitMcpHttp();
    const eraCache = new EraVerdictCache({ file: join(dir, 'eras.json') });
    const first = session({ config: httpConfig(server.url), eraCache });
    expect(await first.connect()).toMatchObject({
      era: 'legacy',
      transportKind: 'http',
      eraSource: 'probe',
    });
    expect((await first.listTools()).map((t) => t.name)).toContain('git_status');
    await first.close();
    const second = session({ config: httpConfig(server.url), eraCache });
    const traffic = recordTraffic(second);
    expect(await second.connect()).toMatchObject({ era: 'legacy', eraSource: 'cache' });
    expect(methodsSent(traffic)).not.toContain('server/discover');
  });
});
