import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/Logger';
import type { Tool } from '../session/mcpTypes';
import { ToolCatalog } from './ToolCatalog';

const log = createLogger({ consoleLevel: 'silent' });

const tools = (prefix: string, n: number): Tool[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `${prefix}_${String(i)}`,
    description: `Does ${prefix} thing ${String(i)}`,
    inputSchema: { type: 'object' },
  }));

describe('ToolCatalog.entries: per turn, only what changed is made anew', () => {
  let dir: string;
  let catalog: ToolCatalog;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tool-catalog-'));
    catalog = new ToolCatalog(join(dir, 'tools.json'), log);
    await catalog.load();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('hands out the same catalogue while no server list and no choice changed', () => {
    const servers = [
      { name: 'files', tools: tools('read', 100) },
      { name: 'git', tools: tools('commit', 100) },
    ];
    const first = catalog.entries(servers);
    expect(first).toHaveLength(200);
    // A turn asks again with the same lists (new wrapper objects, as McpService makes them).
    expect(catalog.entries(servers.map((s) => ({ ...s })))).toBe(first);
  });

  it('remakes only the part of the server whose list changed', () => {
    const files = { name: 'files', tools: tools('read', 50) };
    const git = { name: 'git', tools: tools('commit', 50) };
    const first = catalog.entries([files, git]);
    const relisted = { name: 'git', tools: tools('push', 3) };
    const second = catalog.entries([files, relisted]);
    expect(second).not.toBe(first);
    expect(second.map((e) => e.modelName)).toEqual([
      ...first.slice(0, 50).map((e) => e.modelName),
      'git__push_0',
      'git__push_1',
      'git__push_2',
    ]);
    // The unchanged server's entries are the very objects of the turn before.
    for (let i = 0; i < 50; i++) expect(second[i]).toBe(first[i]);
    // A server that left is gone; one that came back is made anew from its list.
    const third = catalog.entries([relisted]);
    expect(third.map((e) => e.server)).toEqual(['git', 'git', 'git']);
    expect(catalog.entries([files, relisted])[0]).not.toBe(first[0]);
  });

  it('follows the person switching a tool off and on', async () => {
    const servers = [{ name: 'files', tools: tools('read', 5) }];
    const first = catalog.entries(servers);
    await catalog.setEnabled('files', 'read_2', false);
    const off = catalog.entries(servers);
    expect(off.map((e) => e.tool.name)).toEqual(['read_0', 'read_1', 'read_3', 'read_4']);
    await catalog.setEnabled('files', 'read_2', true);
    const on = catalog.entries(servers);
    expect(on.map((e) => e.tool.name)).toEqual(first.map((e) => e.tool.name));
  });
});
