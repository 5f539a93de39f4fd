import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../../shared/errors';
import { EraVerdictCache } from './EraVerdictCache';
import type { InteractionHandlers } from './InteractionHandlers';
import { McpSession, type McpSessionOptions } from './McpSession';
import {
  EVERYTHING_BIN,
  eventually,
  isAlive,
  methodsSent,
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
  return session({ config, transport: processes.stdioFactory(config), ...extra });
}

describe('legacy era over stdio (server-everything)', () => {
  const everything = () => stdioConfig([EVERYTHING_BIN, 'stdio']);

  it('probes in auto mode, falls back to initialize and records what it negotiated', async () => {
    const s = stdioSession(everything());
    const traffic = recordTraffic(s);
    const info = await s.connect();
    expect(info).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-11-25',
      transportKind: 'stdio',
      eraSource: 'probe',
      serverInfo: { name: 'mcp-servers/everything' },
    });
    expect(info.capabilities.tools).toBeDefined();
    expect(typeof info.pid).toBe('number');
    expect(s.getProtocolEra()).toBe('legacy');
    expect(s.transportKind).toBe('stdio');
    // Traffic is reported on the event loop's next turn, after the messages moved on.
    await new Promise(setImmediate);
    expect(methodsSent(traffic).slice(0, 3)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
    ]);
    expect(traffic.every((e) => e.at > 0)).toBe(true);
    expect(traffic.some((e) => e.direction === 'in')).toBe(true);
  });

  it('lists tools and calls echo', async () => {
    const s = stdioSession(everything());
    await s.connect();
    const tools = await s.listTools();
    expect(tools.map((t) => t.name)).toContain('echo');
    const result = await s.callTool('echo', { message: 'hi' });
    expect(textOf(result)).toBe('Echo: hi');
    expect(await s.listPrompts()).not.toHaveLength(0);
    expect(await s.listResources()).not.toHaveLength(0);
    expect(Array.isArray(await s.listResourceTemplates())).toBe(true);
  });

  it('reports progress from the long-running tool', async () => {
    const s = stdioSession(everything());
    await s.connect();
    const progress: number[] = [];
    const result = await s.callTool(
      'trigger-long-running-operation',
      { duration: 1, steps: 4 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(textOf(result)).toContain('Long running operation completed');
    // Best effort (SDK issue #2580 may drop the last one): most reports arrive, in order.
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('re-emits the tool list when the server announces a change', async () => {
    const s = stdioSession(everything());
    const changes: string[][] = [];
    s.onDidChangeTools((tools) => changes.push(tools.map((t) => t.name)));
    await s.connect();
    // server-everything registers capability-dependent tools after initialize and says so.
    await eventually(() => changes.length > 0);
    expect(changes.at(-1)).toContain('trigger-sampling-request');
  });

  it('surfaces server log notifications', async () => {
    const s = stdioSession(everything());
    const logs: { level: string; data: unknown }[] = [];
    s.onLog((entry) => logs.push(entry));
    await s.connect();
    await s.callTool('toggle-simulated-logging');
    await eventually(() => logs.length > 0);
    expect(typeof logs[0]?.level).toBe('string');
    expect(logs[0]?.data).toBeTruthy();
  });

  it('tells a timeout from a cancel', async () => {
    const s = stdioSession(everything());
    await s.connect();
    const slow = { duration: 5, steps: 1 };
    const timedOut = await rejection(
      s.callTool('trigger-long-running-operation', slow, { timeoutMs: 300 }),
    );
    expect(timedOut.code).toBe(AppErrorCode.McpTimeout);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const cancelled = await rejection(
      s.callTool('trigger-long-running-operation', slow, { signal: controller.signal }),
    );
    expect(cancelled.code).toBe(AppErrorCode.Cancelled);
    // The session is still usable afterwards.
    expect(textOf(await s.callTool('echo', { message: 'still here' }))).toBe('Echo: still here');
  });

  it("passes the server's own answer to an unknown tool and to invalid arguments through", async () => {
    const s = stdioSession(everything());
    await s.connect();
    // The v1 SDK server turns both into isError results (the v2 fixture below throws -32602).
    const unknown = await s.callTool('no-such-tool');
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/-32602.*no-such-tool/);
    const invalid = await s.callTool('echo', { message: 5 });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/Invalid arguments for tool echo/);
  });

  it('delegates sampling and roots to the injected handlers', async () => {
    const seen: string[] = [];
    const handlers: InteractionHandlers = {
      sampling: (request, ctx) => {
        seen.push(`sampling from ${ctx.serverName}, aborted=${String(ctx.signal.aborted)}`);
        expect(request.params.messages.length).toBeGreaterThan(0);
        return Promise.resolve({
          model: 'test-model',
          role: 'assistant',
          content: { type: 'text', text: 'answer from the host' },
        });
      },
      elicitation: () => Promise.resolve({ action: 'decline' }),
      roots: () => Promise.resolve({ roots: [{ uri: 'file:///tmp/project', name: 'project' }] }),
    };
    const s = stdioSession(everything(), { handlers });
    await s.connect();
    const sampled = await s.callTool('trigger-sampling-request', { prompt: 'say hi' });
    expect(JSON.stringify(sampled)).toContain('answer from the host');
    expect(seen[0]).toBe('sampling from test-server, aborted=false');
    const roots = await s.callTool('get-roots-list');
    expect(textOf(roots)).toContain('file:///tmp/project');
  });

  it('declines sampling politely by default', async () => {
    const s = stdioSession(everything());
    await s.connect();
    const result = await s.callTool('trigger-sampling-request', { prompt: 'say hi' });
    // Legacy servers get the error and usually turn it into an isError result.
    expect(JSON.stringify(result)).toMatch(/declined/);
  });

  it('forced legacy never probes', async () => {
    const s = stdioSession(stdioConfig([EVERYTHING_BIN, 'stdio'], 'legacy'));
    const traffic = recordTraffic(s);
    const info = await s.connect();
    expect(info.eraSource).toBe('forced');
    expect(methodsSent(traffic)).not.toContain('server/discover');
  });

  it('remembers a legacy verdict and skips the probe next time', async () => {
    const cache = new EraVerdictCache({ file: join(dir, 'eras.json') });
    const first = stdioSession(everything(), { eraCache: cache });
    expect((await first.connect()).eraSource).toBe('probe');
    await first.close();

    const second = stdioSession(everything(), {
      eraCache: new EraVerdictCache({ file: join(dir, 'eras.json') }),
    });
    const traffic = recordTraffic(second);
    const info = await second.connect();
    expect(info).toMatchObject({ era: 'legacy', eraSource: 'cache' });
    expect(methodsSent(traffic)[0]).toBe('initialize');
    expect(methodsSent(traffic)).not.toContain('server/discover');
  });

  it('kills the server and fires onDidClose on close()', async () => {
    const s = stdioSession(everything());
    const closed: unknown[] = [];
    s.onDidClose((event) => closed.push(event));
    const { pid } = await s.connect();
    await s.close();
    expect(closed).toEqual([{ expected: true }]);
    expect(s.state).toBe('closed');
    await eventually(() => pid === undefined || !isAlive(pid));
    expect((await rejection(s.listTools())).code).toBe(AppErrorCode.McpClosed);
  });
});
