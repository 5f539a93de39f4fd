import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolRunProgress } from '../../../shared/domain/toolRuns';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { createMcpHandlers } from './createMcpHandlers';
import { fixtureServer, McpHarness } from './testing/McpHarness';
import { ToolRuns } from './ToolRuns';

const EVERYTHING_BIN = join(
  process.cwd(),
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
const LONG = 'trigger-long-running-operation';

let harness: McpHarness;
let handlers: ReturnType<typeof createMcpHandlers>;
let runs: ToolRuns;
const reports: ToolRunProgress[] = [];
const times = new Map<ToolRunProgress, number>();

const of = (runId: string) => reports.filter((r) => r.runId === runId);
/** The AppError a handler's answer (a value or a promise) failed with. */
const rejection = async (answer: unknown): Promise<AppError> => {
  const error = await Promise.resolve(answer).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

beforeAll(async () => {
  harness = await McpHarness.start({
    everything: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'], protocol: 'legacy' },
    echo: { command: process.execPath, args: [fixtureServer('echo.mjs')] },
  });
  runs = new ToolRuns({
    emit: (report) => {
      reports.push(report);
      times.set(report, performance.now());
    },
  });
  handlers = createMcpHandlers(harness.mcp, runs);
  await harness.mcp.settled(30_000);
  expect(harness.status('everything').kind).toBe('ready');
  expect(harness.status('echo').kind).toBe('ready');
}, 60_000);
afterAll(async () => {
  await harness.dispose();
});

describe('tool runs from the server view (real server-everything)', () => {
  it('reports progress in order, then answers', async () => {
    const { result } = await handlers['mcp.callTool']({
      server: 'everything',
      tool: LONG,
      arguments: { duration: 1, steps: 4 },
      runId: 'run-order',
    });
    expect(JSON.stringify(result)).toContain('Long running operation completed');
    const seen = of('run-order');
    // Best effort (the SDK may drop a report racing the result), but what arrives is in order.
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.map((r) => r.progress)).toEqual(
      [...seen.map((r) => r.progress)].sort((a, b) => a - b),
    );
    expect(seen.every((r) => r.total === 4)).toBe(true);
    expect(seen[0]?.progress).toBe(1);
    expect(runs.isRunning('run-order')).toBe(false);
  });

  it('cancels a running call: CANCELLED here, notifications/cancelled on the wire, server still usable', async () => {
    const since = harness.mcp.supervisor('everything').trafficSince().at(-1)?.seq;
    const call = handlers['mcp.callTool']({
      server: 'everything',
      tool: LONG,
      arguments: { duration: 30, steps: 30 },
      runId: 'run-cancel',
    });
    await expect.poll(() => of('run-cancel').length, { timeout: 10_000 }).toBeGreaterThan(0);
    const started = performance.now();
    expect(handlers['mcp.cancelToolRun']({ runId: 'run-cancel' })).toEqual({});
    const error = await rejection(call);
    expect(error.code).toBe(AppErrorCode.Cancelled);
    // The SDK reports an abort as a request timeout; the error must not say so.
    expect(error.data).toEqual({
      operation: `tools/call ${LONG}`,
      name: 'Cancelled',
      message: 'Cancelled by the caller',
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(runs.isRunning('run-cancel')).toBe(false);

    const traffic = harness.mcp.supervisor('everything').trafficSince(since);
    const request = traffic.find((e) => e.direction === 'out' && e.method === 'tools/call');
    await expect
      .poll(
        () =>
          harness.mcp
            .supervisor('everything')
            .trafficSince(since)
            .find((e) => e.direction === 'out' && e.method === 'notifications/cancelled'),
        { timeout: 5000 },
      )
      .toBeDefined();
    const note = harness.mcp
      .supervisor('everything')
      .trafficSince(since)
      .find((e) => e.method === 'notifications/cancelled');
    expect(request?.id).toBeDefined();
    expect(JSON.parse(note?.preview ?? '{}')).toMatchObject({
      params: { requestId: request?.id },
    });
    // The same server still answers. Its progress for another run arriving (throttled like any
    // report) shows the cancelled run had time to report too: it did not.
    const count = of('run-cancel').length;
    const again = await handlers['mcp.callTool']({
      server: 'everything',
      tool: LONG,
      arguments: { duration: 0.3, steps: 3 },
      runId: 'run-after-cancel',
    });
    expect(JSON.stringify(again.result)).toContain('completed');
    await expect.poll(() => of('run-after-cancel').length).toBeGreaterThan(0);
    expect(of('run-cancel').length).toBe(count);
    // And the id can be used again.
    const reused = await handlers['mcp.callTool']({
      server: 'everything',
      tool: LONG,
      arguments: { duration: 0.1, steps: 1 },
      runId: 'run-cancel',
    });
    expect(JSON.stringify(reused.result)).toContain('completed');
  });

  it('throttles a chatty server to at most one report per 100 ms, keeping the latest', async () => {
    await handlers['mcp.callTool']({
      server: 'echo',
      tool: 'slow',
      arguments: { steps: 150, delayMs: 2 },
      runId: 'run-chatty',
    });
    const seen = of('run-chatty');
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.length).toBeLessThan(40);
    // Between reports at least the throttle interval; only the final flush, which carries the
    // latest state just before the answer, may come sooner.
    const at = seen.map((r) => times.get(r) ?? 0);
    const gaps = at.slice(1, -1).map((t, i) => t - (at[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95);
    const progress = seen.map((r) => r.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(seen.at(-1)?.message).toBe(`step ${String(seen.at(-1)?.progress)}`);
  });

  it('refuses a run id already running; cancelling an unknown id does nothing', async () => {
    const first = handlers['mcp.callTool']({
      server: 'echo',
      tool: 'slow',
      arguments: { steps: 20, delayMs: 50 },
      runId: 'run-twice',
    });
    const second = await rejection(
      handlers['mcp.callTool']({
        server: 'echo',
        tool: 'echo',
        arguments: { text: 'x' },
        runId: 'run-twice',
      }),
    );
    expect(second.code).toBe(AppErrorCode.Validation);
    expect(handlers['mcp.cancelToolRun']({ runId: 'never-started' })).toEqual({});
    expect(handlers['mcp.cancelToolRun']({ runId: 'run-twice' })).toEqual({});
    expect((await rejection(first)).code).toBe(AppErrorCode.Cancelled);
  });
});
