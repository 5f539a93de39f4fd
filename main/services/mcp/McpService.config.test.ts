import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigDocument } from '../../../shared/domain/mcpViews';
import { McpHarness, fixtureServer, nodeServer } from './testing/McpHarness';

let harness: McpHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const echo = fixtureServer('echo.mjs');

describe('config applied live', () => {
  it('an outside edit restarts only what changed; unchanged servers keep their PID', async () => {
    harness = await McpHarness.start({
      a: nodeServer(echo),
      b: nodeServer(echo),
      c: nodeServer(echo),
    });
    for (const n of ['a', 'b', 'c']) await harness.until(n, 'ready');
    const pid = (n: string) => harness?.mcp.supervisor(n).pid;
    const [a, b] = [pid('a'), pid('b')];
    await harness.writeConfig({
      a: nodeServer(echo),
      b: nodeServer(echo, { env: { CHANGED: '1' } }),
      d: nodeServer(echo),
    });
    await expect.poll(() => harness?.mcp.servers().map((s) => s.name)).toEqual(['a', 'b', 'd']);
    await harness.until('b', 'ready');
    await harness.until('d', 'ready');
    expect(pid('a')).toBe(a);
    expect(pid('b')).not.toBe(b);
    const env = await harness.mcp.supervisor('b').callTool('env', { name: 'CHANGED' });
    expect(JSON.stringify(env.content)).toContain('1');
  });

  it('an invalid edit keeps the last good config running and reports line and column', async () => {
    harness = await McpHarness.start({ a: nodeServer(echo) });
    await harness.until('a', 'ready');
    const pid = harness.mcp.supervisor('a').pid;
    await writeFile(harness.file, '{\n  "mcpServers": {\n    "a": { "command": 42 }\n  }\n}\n');
    await expect
      .poll(() => harness?.events.filter((e) => e.name === 'config.changed').length, {
        timeout: 5000,
      })
      .toBeGreaterThan(0);
    const doc = harness.events.filter((e) => e.name === 'config.changed').at(-1)
      ?.payload as ConfigDocument;
    const problem = doc.problems.find((p) => p.severity === 'error');
    expect(problem).toMatchObject({ path: 'mcpServers.a.command', line: 3 });
    expect(harness.status('a').kind).toBe('ready');
    expect(harness.mcp.supervisor('a').pid).toBe(pid);
  });

  it('disable and enable from the app write the file and apply it', async () => {
    harness = await McpHarness.start({
      a: nodeServer(echo),
      off: nodeServer(echo, { disabled: true }),
    });
    expect(harness.status('off').kind).toBe('disabled');
    await harness.mcp.setEnabled('off', true);
    await harness.until('off', 'ready');
    expect(harness.mcp.configDocument().text).toMatch(/"disabled": false|"off": \{[^}]*\}/);
    await harness.mcp.setEnabled('off', false);
    await harness.until('off', 'disabled');
  });

  it('tool enable state persists and the catalogue honours it', async () => {
    harness = await McpHarness.start({ e: nodeServer(echo) });
    await harness.until('e', 'ready');
    expect(harness.mcp.catalogEntries().map((t) => t.modelName)).toContain('e__echo');
    await harness.mcp.setToolEnabled('e', 'echo', false);
    expect(harness.mcp.catalogEntries().map((t) => t.modelName)).not.toContain('e__echo');
    expect(harness.mcp.detail('e').tools.find((t) => t.name === 'echo')?.enabled).toBe(false);
    const dir = harness.dir;
    await harness.dispose();
    harness = undefined;
    // A new service over the same data dir remembers the choice.
    const { ToolCatalog } = await import('./tools/ToolCatalog');
    const { createLogger } = await import('../../platform/Logger');
    const catalog = new ToolCatalog(`${dir}/tools.json`, createLogger({ consoleLevel: 'silent' }));
    await catalog.load();
    expect(catalog.isEnabled('e', 'echo')).toBe(false);
    expect(catalog.isEnabled('e', 'slow')).toBe(true);
  });

  it('runs server-everything (legacy era) and a v2 server (modern era) side by side', async () => {
    const everything = createRequire(import.meta.url).resolve(
      '@modelcontextprotocol/server-everything/dist/index.js',
    );
    harness = await McpHarness.start({
      everything: nodeServer(everything),
      modern: nodeServer(fixtureServer('modern-v2.mjs')),
    });
    const legacy = await harness.until('everything', 'ready');
    const modern = await harness.until('modern', 'ready');
    expect(legacy).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(modern).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    if (legacy.kind === 'ready') expect(legacy.toolCount).toBeGreaterThan(5);
    const names = harness.mcp.catalogEntries().map((e) => e.modelName);
    expect(names).toContain('everything__echo');
    expect(new Set(names).size).toBe(names.length);
    const detail = harness.mcp.detail('everything');
    expect(detail.serverInfo?.name).toBeTruthy();
    expect(detail.capabilities).toHaveProperty('tools');
    // Traffic was recorded, in order, with request/response pairs timed.
    const traffic = harness.mcp.supervisor('everything').trafficSince();
    expect(
      traffic.some(
        (t) => t.method === 'tools/list' && t.kind === 'response' && t.durationMs !== undefined,
      ),
    ).toBe(true);
  });
});

describe('remote servers', () => {
  it('connects a Streamable HTTP server (modern era) and calls a tool', async () => {
    const server = spawn(process.execPath, [fixtureServer('modern-v2-http.mjs'), '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /MCP_URL=(\S+)/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
        server.on('exit', () => reject(new Error('fixture exited')));
      });
      harness = await McpHarness.start({ remote: { url, headers: { 'X-Fixture': 'yes' } } });
      const status = await harness.until('remote', 'ready');
      expect(status).toMatchObject({ era: 'modern' });
      expect(harness.mcp.servers()[0]).toMatchObject({ transport: 'http', target: url });
      const result = await harness.mcp
        .supervisor('remote')
        .callTool('echo', { message: 'over http' });
      expect(JSON.stringify(result.content)).toContain('over http');
    } finally {
      server.kill('SIGKILL');
    }
  });
});

describe('servers from the registry', () => {
  it('runs server-filesystem and server-memory and calls their tools', async () => {
    const resolve = (pkg: string) => createRequire(import.meta.url).resolve(`${pkg}/dist/index.js`);
    const root = await mkdtemp(join(tmpdir(), 'sb-fs-'));
    await writeFile(join(root, 'hello.txt'), 'hello from a real filesystem server');
    harness = await McpHarness.start({
      fs: nodeServer(resolve('@modelcontextprotocol/server-filesystem'), {
        args: [resolve('@modelcontextprotocol/server-filesystem'), root],
      }),
      memory: nodeServer(resolve('@modelcontextprotocol/server-memory'), {
        env: { MEMORY_FILE_PATH: join(root, 'memory.jsonl') },
      }),
    });
    await harness.until('fs', 'ready');
    await harness.until('memory', 'ready');
    const read = await harness.mcp
      .supervisor('fs')
      .callTool('read_text_file', { path: join(root, 'hello.txt') });
    expect(JSON.stringify(read.content)).toContain('hello from a real filesystem server');
    await harness.mcp.supervisor('memory').callTool('create_entities', {
      entities: [{ name: 'Switchboard', entityType: 'app', observations: ['hosts MCP servers'] }],
    });
    const graph = await harness.mcp.supervisor('memory').callTool('read_graph', {});
    expect(JSON.stringify(graph)).toContain('hosts MCP servers');
    const names = harness.mcp.catalogEntries().map((e) => e.modelName);
    expect(names).toEqual(expect.arrayContaining(['fs__read_text_file', 'memory__read_graph']));
  });
});
