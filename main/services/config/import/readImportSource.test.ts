import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/Logger';
import { ServersFileService } from '../ServersFileService';
import { detectImportSources, type ImportContext } from './detectImportSources';
import { acceptImportPlan, planImport } from './planImport';
import { readImportSource } from './readImportSource';

let root: string;
let ctx: ImportContext;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'switchboard-import-'));
  ctx = { platform: 'linux', homedir: join(root, 'home'), env: {}, cwd: join(root, 'proj') };
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readImportSource', () => {
  it('turns an unreadable file into an error', async () => {
    const imported = await readImportSource(
      { format: 'cursor', label: 'Cursor', path: join(root, 'missing.json') },
      ctx,
    );
    expect(imported.servers).toEqual({});
    expect(imported.errors).toEqual([expect.objectContaining({ kind: 'io' })]);
    expect(imported.warnings).toEqual([]);
    expect(imported.errors[0]?.message).toMatch(/cannot read Cursor's file/);
  });

  it('imports from Claude Desktop into an existing servers file without overwriting', async () => {
    const claudeDir = join(ctx.homedir, '.config', 'Claude');
    await mkdir(claudeDir, { recursive: true });
    await writeFile(
      join(claudeDir, 'claude_desktop_config.json'),
      JSON.stringify({
        mcpServers: { fs: { command: 'npx', args: ['fs'] }, memory: { command: 'mem' } },
      }),
    );
    const serversFile = join(root, 'data', 'servers.json');
    await mkdir(join(root, 'data'));
    const existing = '{\n  "mcpServers": {\n    "fs": { "command": "my-fs" }\n  }\n}\n';
    await writeFile(serversFile, existing);
    const service = new ServersFileService({
      file: serversFile,
      env: {},
      log: createLogger({ consoleLevel: 'silent' }),
    });
    try {
      const state = await service.load();
      const [source] = await detectImportSources(ctx);
      if (!source) throw new Error('Claude Desktop file not detected');
      expect(source.format).toBe('claude-desktop');
      const imported = await readImportSource(source, ctx);
      const plan = planImport(
        state.servers.map((s) => s.name),
        imported.servers,
      );
      expect(plan.conflicts.map((c) => [c.name, c.suggestedName])).toEqual([['fs', 'fs-2']]);
      const next = await service.addServers(acceptImportPlan(plan, 'suggested'));
      expect(next.servers.map((s) => s.name)).toEqual(['fs', 'memory', 'fs-2']);
      expect(await readFile(serversFile, 'utf8')).toBe(
        '{\n  "mcpServers": {\n    "fs": { "command": "my-fs" },\n' +
          '    "memory": {\n      "command": "mem"\n    },\n' +
          '    "fs-2": {\n      "command": "npx",\n      "args": [\n        "fs"\n      ]\n    }\n  }\n}\n',
      );
    } finally {
      service.dispose();
    }
  });
});
