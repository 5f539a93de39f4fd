import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../services/mcp/testing/McpHarness';
import { captureCli, type CliRun } from './testing/captureCli';

let dir: string;
let config: string;
const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-cli-'));
  config = join(dir, 'servers.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        echo: { command: process.execPath, args: [fixtureServer('echo.mjs')] },
        everything: { command: process.execPath, args: [everything] },
      },
    }),
  );
});

function cli(...argv: string[]): Promise<CliRun> {
  return captureCli(
    [...argv, '--config', config, '--data-dir', join(dir, 'data'), '--no-login-shell'],
    { PATH: process.env.PATH, HOME: process.env.HOME },
  );
}

describe('cli', () => {
  it('servers --json: one JSON document with status, era, version, tool count', async () => {
    const { code, json } = await cli('servers', '--json');
    expect(code).toBe(0);
    const servers = (json as { servers: Record<string, unknown>[] }).servers;
    expect(servers.map((s) => s.name)).toEqual(['echo', 'everything']);
    expect(servers[0]).toMatchObject({
      status: 'ready',
      transport: 'stdio',
      era: 'modern',
      protocolVersion: '2026-07-28',
      toolCount: 3,
      sandboxed: false,
    });
    expect(servers[1]).toMatchObject({
      status: 'ready',
      era: 'legacy',
      serverInfo: { name: expect.any(String) as string },
    });
  });

  it('servers: a table whose columns line up', async () => {
    const { code, out } = await cli('servers');
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+STATUS\s+TRANSPORT\s+PROTOCOL\s+SERVER\s+TOOLS\s+SANDBOX$/);
    expect(lines[1]).toMatch(/^echo\s+ready\s+stdio\s+2026-07-28\s+\S+ \S+\s+3\s+no$/);
    expect(lines[2]).toMatch(/^everything\s+ready\s+stdio\s+2025-11-25\s+/);
    for (const column of ['STATUS', 'TRANSPORT', 'PROTOCOL', 'SERVER', 'TOOLS', 'SANDBOX']) {
      const at = lines[0]?.indexOf(column) ?? -1;
      // Every row has its value start where the heading does (and a space before it).
      for (const line of lines.slice(1)) expect(line[at - 1], `${column} in ${line}`).toBe(' ');
      for (const line of lines.slice(1)) expect(line[at], `${column} in ${line}`).not.toBe(' ');
    }
  });

  it('tools: model-facing names mapped back to server and original name', async () => {
    const { code, json } = await cli('tools', '--json');
    expect(code).toBe(0);
    const tools = (json as { tools: { name: string; server: string; originalName: string }[] })
      .tools;
    expect(tools).toContainEqual(
      expect.objectContaining({ name: 'echo__echo', server: 'echo', originalName: 'echo' }),
    );
    expect(tools.every((t) => /^[a-zA-Z0-9_-]{1,64}$/.test(t.name))).toBe(true);
  });

  it('call: prints the CallToolResult; text without --json', async () => {
    const json = await cli('call', 'echo', 'echo', '--args', '{"text":"héllo"}', '--json');
    expect(json.code).toBe(0);
    expect(JSON.stringify(json.json)).toContain('héllo');
    const text = await cli('call', 'echo', 'echo', '--args', '{"text":"plain"}');
    expect(text.out).toContain('plain');
  });

  it('resources, read, prompts, prompt against server-everything', async () => {
    const resources = await cli('resources', 'everything', '--json');
    const first = (resources.json as { resources: { uri: string }[] }).resources[0];
    expect(first?.uri).toBeTruthy();
    const read = await cli('read', 'everything', first?.uri ?? '', '--json');
    expect((read.json as { contents: unknown[] }).contents.length).toBeGreaterThan(0);
    const prompts = await cli('prompts', 'everything', '--json');
    const names = (prompts.json as { prompts: { name: string }[] }).prompts.map((p) => p.name);
    expect(names.length).toBeGreaterThan(0);
    const simple = names.find((n) => /simple/i.test(n)) ?? names[0] ?? '';
    const prompt = await cli('prompt', 'everything', simple, '--json');
    expect(prompt.code).toBe(0);
    expect((prompt.json as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
  });

  it('fails with exit code 1 and a clear message', async () => {
    const unknown = await cli('call', 'nope', 'echo', '--json');
    expect(unknown.code).toBe(1);
    expect(unknown.json).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const badArgs = await cli('call', 'echo', 'echo', '--args', '{oops');
    expect(badArgs.code).toBe(1);
    expect(badArgs.err).toMatch(/--args is not valid JSON/);
    const noCommand = await cli('frobnicate');
    expect(noCommand.code).toBe(1);
    expect(noCommand.err).toMatch(/Unknown command: frobnicate/);
  });
});
