import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { EraVerdictCache } from './EraVerdictCache';
import { McpSession, type McpSessionOptions } from './McpSession';
import {
  EVERYTHING_BIN,
  eventually,
  isAlive,
  methodsSent,
  MODERN_FIXTURE,
  recordTraffic,
  rejection,
  stdioConfig,
  TestProcesses,
  textOf,
} from './testing/TestProcesses';

let processes: TestProcesses;
let sessions: McpSession[];
let dir: string;

beforeEach(async () => {
  processes = new TestProcesses();
  sessions = [];
  dir = await mkdtemp(join(tmpdir(), 'mcp-session-'));
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

function stdioSession(
  config: ReturnType<typeof stdioConfig>,
  extra: Partial<McpSessionOptions> = {},
): McpSession {
  // A probe timeout out of reach of a slow machine: these tests are about what was negotiated
  // (the one about the timeout sets its own).
  return session({
    config,
    transport: processes.stdioFactory(config),
    probeTimeoutMs: 30_000,
    ...extra,
  });
}

describe('modern era over stdio (v2 fixture)', () => {
  const fixture = (protocol: 'auto' | 'legacy' | 'modern' = 'auto', env = {}) =>
    stdioConfig([MODERN_FIXTURE], protocol, env);

  it('auto negotiates 2026-07-28 and records the discover result', async () => {
    const s = stdioSession(fixture());
    const info = await s.connect();
    expect(info).toMatchObject({
      era: 'modern',
      protocolVersion: '2026-07-28',
      eraSource: 'probe',
      serverInfo: { name: 'modern-v2-fixture', version: '1.0.0' },
      instructions: 'Fixture server for Switchboard session tests.',
    });
    expect(textOf(await s.callTool('era'))).toBe('modern');
  });

  it('the verdict cache skips the probe on the second connect, and list_changed still works', async () => {
    const file = join(dir, 'eras.json');
    const first = stdioSession(fixture(), { eraCache: new EraVerdictCache({ file }) });
    expect((await first.connect()).eraSource).toBe('probe');
    await first.close();

    const second = stdioSession(fixture(), { eraCache: new EraVerdictCache({ file }) });
    const traffic = recordTraffic(second);
    const changes: string[][] = [];
    second.onDidChangeTools((tools) => changes.push(tools.map((t) => t.name)));
    const info = await second.connect();
    expect(info).toMatchObject({ era: 'modern', eraSource: 'cache' });
    expect(methodsSent(traffic)).not.toContain('server/discover');
    expect(textOf(await second.callTool('era'))).toBe('modern');
    // The second process never saw a probe either.
    expect(processes.stdioStderr[1]).not.toContain('method: server/discover');

    // The SDK opens subscriptions/listen only after a probe; the session does it after a cache hit.
    expect(methodsSent(traffic)).toContain('subscriptions/listen');
    await second.callTool('add-tool');
    await eventually(() => changes.some((names) => names.includes('dynamic-1')));
  });

  it('forced legacy speaks initialize to the same server', async () => {
    const s = stdioSession(fixture('legacy'));
    const traffic = recordTraffic(s);
    const info = await s.connect();
    expect(info).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(methodsSent(traffic)).not.toContain('server/discover');
    expect(textOf(await s.callTool('era'))).toBe('legacy');
  });

  it('forced modern pins 2026-07-28', async () => {
    const s = stdioSession(fixture('modern'));
    expect(await s.connect()).toMatchObject({ era: 'modern', eraSource: 'forced' });
  });

  it('reports progress, unknown tools and schema-invalid arguments faithfully', async () => {
    const s = stdioSession(fixture());
    await s.connect();
    const progress: number[] = [];
    const done = await s.callTool(
      'slow',
      { steps: 4, stepMs: 50 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(textOf(done)).toBe('done after 4 steps');
    expect(progress.length).toBeGreaterThanOrEqual(3);

    const unknown = await rejection(s.callTool('nope'));
    expect(unknown).toMatchObject({
      code: AppErrorCode.McpProtocol,
      message: 'Tool nope not found',
    });
    expect(unknown.data).toMatchObject({ code: -32602 });

    const invalid = await s.callTool('echo', { message: 42 });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/Input validation error/);

    expect(await s.getPrompt('greet', { name: 'Ada' })).toMatchObject({
      messages: [{ content: { text: 'Hello, Ada!' } }],
    });
    expect(await s.readResource('fixture://readme')).toMatchObject({
      contents: [{ text: 'fixture readme' }],
    });
  });

  it('a progress-resetting timeout does not fire while progress flows', async () => {
    const s = stdioSession(fixture());
    await s.connect();
    const result = await s.callTool('slow', { steps: 6, stepMs: 150 }, { timeoutMs: 400 });
    expect(textOf(result)).toBe('done after 6 steps');
  });
});

describe('the era probe against legacy servers on a custom transport', () => {
  it('restarts a server that exits on the probe and initializes the fresh process', async () => {
    const config = stdioConfig([MODERN_FIXTURE], 'auto', { MODERN_V2_EXIT_ON_PROBE: '1' });
    const s = stdioSession(config);
    const info = await s.connect();
    expect(info).toMatchObject({ era: 'legacy', eraSource: 'probe' });
    expect(processes.spawnCount).toBe(2);
    expect(processes.stdioStderr[0]).toContain('exiting: first message was not initialize');
    expect(textOf(await s.callTool('era'))).toBe('legacy');
  });

  it('cannot restart a single transport instance, and says why', async () => {
    const config = stdioConfig([MODERN_FIXTURE], 'auto', { MODERN_V2_EXIT_ON_PROBE: '1' });
    const transport = await processes.stdioFactory(config)();
    const s = session({ config, transport });
    const error = await rejection(s.connect());
    expect(error.code).toBe(AppErrorCode.McpProtocol);
    expect(error.message).toMatch(/transport factory/);
  });

  it('by default, waits for a modern server that takes seconds to start rather than calling it legacy', async () => {
    // Thirty servers starting at once on two cores take this long; so does a cold interpreter.
    const config = stdioConfig([MODERN_FIXTURE], 'auto', { MODERN_V2_START_DELAY_MS: '4000' });
    const s = session({ config, transport: processes.stdioFactory(config) });
    expect(await s.connect()).toMatchObject({ era: 'modern', eraSource: 'probe' });
  });

  it('falls back in place when the server ignores the probe (bounded by the probe timeout)', async () => {
    const config = stdioConfig([MODERN_FIXTURE], 'auto', { MODERN_V2_IGNORE_PROBE: '1' });
    const s = stdioSession(config, { probeTimeoutMs: 300 });
    const started = Date.now();
    const info = await s.connect();
    expect(info).toMatchObject({ era: 'legacy', eraSource: 'probe' });
    expect(processes.spawnCount).toBe(1);
    // Far below the SDK's 60 s request timeout, with room for a slow spawn on a loaded machine.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('startup deadline', () => {
  const slowStart = (protocol: 'legacy' | 'auto' = 'legacy') =>
    stdioConfig([MODERN_FIXTURE], protocol, { MODERN_V2_START_DELAY_MS: '1500' });

  it('times out a server that does not start in time and kills it', async () => {
    const s = stdioSession(slowStart());
    const error = await rejection(s.connect({ startupMs: 300 }));
    expect(error.code).toBe(AppErrorCode.McpTimeout);
    expect(s.state).toBe('closed');
    const [pid] = processes.stdioPids;
    if (pid !== undefined) await eventually(() => !isAlive(pid));
  });

  it('can be extended while the server visibly works', async () => {
    const s = stdioSession(slowStart());
    setTimeout(() => s.extendStartupDeadline(5_000), 150);
    const info = await s.connect({ startupMs: 300 });
    expect(info.era).toBe('legacy');
  });

  it('is cancellable', async () => {
    const s = stdioSession(slowStart());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(s.connect({ signal: controller.signal }));
    expect(error.code).toBe(AppErrorCode.Cancelled);
  });

  it('maps a command that cannot be spawned', async () => {
    const config = { ...stdioConfig([]), command: '/nonexistent/mcp-server-binary' };
    const s = stdioSession(config);
    const error = await rejection(s.connect());
    expect(error.code).toBe(AppErrorCode.McpSpawnFailed);
    expect(error.data).toMatchObject({ code: 'ENOENT' });
  });

  it('reports a server that dies after connecting through onDidClose', async () => {
    const s = stdioSession(stdioConfig([EVERYTHING_BIN, 'stdio'], 'legacy'));
    const closed: { expected: boolean; error?: AppError }[] = [];
    s.onDidClose((event) => closed.push(event));
    const { pid } = await s.connect();
    if (pid === undefined) throw new Error('no pid');
    process.kill(pid, 'SIGKILL');
    await eventually(() => closed.length > 0);
    expect(closed[0]).toMatchObject({ expected: false, error: { code: AppErrorCode.McpClosed } });
    expect(s.state).toBe('closed');
  });
});
