import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from './launch/isProcessAlive';
import { McpHarness, fixtureServer, nodeServer } from './testing/McpHarness';

let harness: McpHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe('servers that fail on purpose', () => {
  it('exits at start: restarts with backoff, then an error with exit code and stderr tail', async () => {
    harness = await McpHarness.start({ bad: nodeServer(fixtureServer('exit-at-start.mjs')) });
    const restarting = await harness.until('bad', 'restarting');
    expect(restarting).toMatchObject({ kind: 'restarting', attempt: 1 });
    const status = await harness.until('bad', 'error');
    if (status.kind !== 'error') throw new Error('unreachable');
    expect(status.failure.exitCode).toBe(3);
    expect(status.failure.message).toMatch(
      /Stopped retrying after 3 failed starts.*exited with code 3 while starting/,
    );
    expect(status.failure.stderrTail.join('\n')).toContain('refusing to start');
    // A person's restart leaves the error state and tries again.
    await harness.mcp.restart('bad');
    expect(['starting', 'restarting', 'error']).toContain(harness.status('bad').kind);
  });

  it('a missing command fails at once with where we looked, and is not retried', async () => {
    harness = await McpHarness.start({ missing: { command: 'no-such-command-xyz' } });
    const status = await harness.until('missing', 'error');
    if (status.kind !== 'error') throw new Error('unreachable');
    expect(status.failure.code).toBe('MCP_SPAWN_FAILED');
    expect(status.failure.message).toMatch(/'no-such-command-xyz' was not found\. Looked in: /);
  });

  it('hangs at initialize: the startup timeout ends it with MCP_TIMEOUT', async () => {
    harness = await McpHarness.start({
      hang: nodeServer(fixtureServer('hang-initialize.mjs'), { timeouts: { startupMs: 1000 } }),
    });
    const status = await harness.until('hang', 'restarting');
    if (status.kind !== 'restarting') throw new Error('unreachable');
    expect(status.lastFailure.code).toBe('MCP_TIMEOUT');
    // The host ended it (the fixture then exits 0 on stdin EOF): no exit code of its own.
    expect(status.lastFailure.exitCode).toBeUndefined();
    expect(status.lastFailure.message).not.toMatch(/exited/);
  });

  it('lists a server does not implement (-32601) count as empty, noted once in its log', async () => {
    harness = await McpHarness.start({ partial: nodeServer(fixtureServer('partial-lists.mjs')) });
    await harness.until('partial', 'ready');
    const session = harness.mcp.supervisor('partial').ready();
    for (let i = 0; i < 2; i++) {
      expect((await session.listResources()).map((r) => r.uri)).toEqual(['memo://one']);
      expect(await session.listResourceTemplates()).toEqual([]);
      expect(await session.listPrompts()).toEqual([]);
    }
    const notes = harness.mcp
      .supervisor('partial')
      .logsSince()
      .filter((entry) => /does not implement/.test(entry.text))
      .map((entry) => entry.text);
    expect(notes).toEqual([
      'The server does not implement resources/templates/list (Method not found); treated as empty.',
      'The server does not implement prompts/list (Method not found); treated as empty.',
    ]);
  });

  it('a cold install that outlasts the startup timeout is not killed while it visibly works', async () => {
    harness = await McpHarness.start({
      installing: nodeServer(fixtureServer('slow-install.mjs'), {
        // The install outlasts the startup timeout more than twice over; after the last install
        // line the server still gets a full startup period (generous for loaded CI machines).
        env: { INSTALL_MS: '6000' },
        timeouts: { startupMs: 2500 },
      }),
    });
    await expect
      .poll(() => {
        const s = harness?.status('installing');
        return s?.kind === 'starting' ? s.detail : s?.kind;
      })
      .toBe('installing');
    const ready = await harness.until('installing', 'ready', 30_000);
    expect(ready.kind).toBe('ready');
    // Without install output the same timeout does end a silent start (see the hang test).
  }, 45_000);

  it('exits in the middle of a call: the call fails promptly and the server comes back', async () => {
    harness = await McpHarness.start({ crashy: nodeServer(fixtureServer('exit-mid-call.mjs')) });
    await harness.until('crashy', 'ready');
    const firstPid = harness.mcp.supervisor('crashy').pid;
    const started = Date.now();
    await expect(
      harness.mcp.supervisor('crashy').callTool('crash', { exitCode: 9 }),
    ).rejects.toMatchObject({
      code: 'MCP_CLOSED',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    await harness.until('crashy', 'ready');
    expect(harness.mcp.supervisor('crashy').pid).not.toBe(firstPid);
    const logs = harness.mcp
      .supervisor('crashy')
      .logsSince()
      .map((l) => l.text)
      .join('\n');
    expect(logs).toMatch(/exited with code 9/);
  });

  it('prints non-JSON lines on stdout but works, and the lines are counted', async () => {
    harness = await McpHarness.start({ noisy: nodeServer(fixtureServer('noisy-stdout.mjs')) });
    await harness.until('noisy', 'ready');
    const result = await harness.mcp.supervisor('noisy').callTool('echo', { text: 'hi' });
    expect(JSON.stringify(result.content)).toContain('hi');
    expect(harness.mcp.detail('noisy').nonJsonLines).toBeGreaterThan(0);
  });

  it('returns a 20 MB result intact, and the connection survives', async () => {
    harness = await McpHarness.start({ huge: nodeServer(fixtureServer('huge-result.mjs')) });
    await harness.until('huge', 'ready');
    const supervisor = harness.mcp.supervisor('huge');
    const result = await supervisor.callTool(
      'huge',
      { bytes: 20 * 1024 * 1024 },
      { timeoutMs: 60_000 },
    );
    const first = result.content[0];
    expect(first?.type === 'text' ? first.text.length : 0).toBe(20 * 1024 * 1024);
    const again = await supervisor.callTool('huge', { bytes: 10 });
    expect(again.isError).not.toBe(true);
    expect(harness.status('huge').kind).toBe('ready');
  });

  it('ignores EOF and SIGTERM and leaves a grandchild: stop and shutdown leave nothing alive', async () => {
    const pidFile = join(
      process.env.TMPDIR ?? '/tmp',
      `stubborn-${process.pid}-${Date.now()}.json`,
    );
    harness = await McpHarness.start({
      stubborn: nodeServer(fixtureServer('stubborn.mjs'), {
        env: { STUBBORN_PID_FILE: pidFile },
        timeouts: { startupMs: 60_000 },
      }),
    });
    await expect
      .poll(() => readFile(pidFile, 'utf8').catch(() => ''), { timeout: 10_000 })
      .toContain('grandchildPid');
    const pids = JSON.parse(await readFile(pidFile, 'utf8')) as {
      pid: number;
      grandchildPid: number;
    };
    expect(isProcessAlive(pids.grandchildPid)).toBe(true);
    await harness.mcp.supervisor('stubborn').stop();
    expect(isProcessAlive(pids.pid)).toBe(false);
    expect(isProcessAlive(pids.grandchildPid)).toBe(false);

    // And through shutdown: start it again, then dispose the whole service.
    harness.mcp.supervisor('stubborn').start();
    await expect
      .poll(async () => (JSON.parse(await readFile(pidFile, 'utf8')) as { pid: number }).pid, {
        timeout: 10_000,
      })
      .not.toBe(pids.pid);
    const second = JSON.parse(await readFile(pidFile, 'utf8')) as {
      pid: number;
      grandchildPid: number;
    };
    await harness.dispose();
    harness = undefined;
    expect(isProcessAlive(second.pid)).toBe(false);
    expect(isProcessAlive(second.grandchildPid)).toBe(false);
  });

  it('changes its tool list at runtime: the catalogue follows', async () => {
    harness = await McpHarness.start({ changing: nodeServer(fixtureServer('changing-tools.mjs')) });
    await harness.until('changing', 'ready');
    const before = harness.mcp.catalogEntries().length;
    await harness.mcp.supervisor('changing').callTool('add_tool', { name: 'fresh' });
    await expect
      .poll(() => harness?.mcp.catalogEntries().map((e) => e.modelName))
      .toContain('changing__fresh');
    expect(harness.mcp.catalogEntries().length).toBe(before + 1);
    expect(harness.events.some((e) => e.name === 'mcp.toolsChanged')).toBe(true);
  });
});
