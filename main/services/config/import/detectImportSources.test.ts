import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  detectImportSources,
  importSourceCandidates,
  type ImportContext,
} from './detectImportSources';

const paths = (ctx: ImportContext) =>
  Object.fromEntries(importSourceCandidates(ctx).map((s) => [s.format, s.path]));

describe('importSourceCandidates', () => {
  it('knows the macOS locations', () => {
    expect(
      paths({ platform: 'darwin', homedir: '/Users/ada', env: {}, cwd: '/Users/ada/proj' }),
    ).toEqual({
      'claude-desktop': '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
      cursor: '/Users/ada/.cursor/mcp.json',
      'vscode-workspace': '/Users/ada/proj/.vscode/mcp.json',
      'vscode-user': '/Users/ada/Library/Application Support/Code/User/mcp.json',
      'mcp-json': '/Users/ada/proj/.mcp.json',
    });
  });

  it('knows the Windows locations, using %APPDATA%', () => {
    const ctx: ImportContext = {
      platform: 'win32',
      homedir: 'C:\\Users\\ada',
      env: { APPDATA: 'D:\\Roaming' },
      cwd: 'C:\\src\\proj',
    };
    expect(paths(ctx)).toEqual({
      'claude-desktop': 'D:\\Roaming\\Claude\\claude_desktop_config.json',
      cursor: 'C:\\Users\\ada\\.cursor\\mcp.json',
      'vscode-workspace': 'C:\\src\\proj\\.vscode\\mcp.json',
      'vscode-user': 'D:\\Roaming\\Code\\User\\mcp.json',
      'mcp-json': 'C:\\src\\proj\\.mcp.json',
    });
    expect(paths({ ...ctx, env: {} })['claude-desktop']).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
  });

  it('knows the Linux locations, honouring XDG_CONFIG_HOME', () => {
    const ctx: ImportContext = { platform: 'linux', homedir: '/home/ada', env: {}, cwd: '/w' };
    expect(paths(ctx)['claude-desktop']).toBe(
      '/home/ada/.config/Claude/claude_desktop_config.json',
    );
    expect(paths(ctx)['vscode-user']).toBe('/home/ada/.config/Code/User/mcp.json');
    expect(paths({ ...ctx, env: { XDG_CONFIG_HOME: '/cfg' } })['claude-desktop']).toBe(
      '/cfg/Claude/claude_desktop_config.json',
    );
  });
});

describe('detectImportSources', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('lists only the files that exist', async () => {
    root = await mkdtemp(join(tmpdir(), 'switchboard-import-'));
    const home = join(root, 'home');
    const cwd = join(root, 'proj');
    await mkdir(join(home, '.cursor'), { recursive: true });
    await mkdir(join(cwd, '.vscode'), { recursive: true });
    await writeFile(join(home, '.cursor', 'mcp.json'), '{}');
    await writeFile(join(cwd, '.mcp.json'), '{}');
    // A directory where a file is expected is not a source.
    await mkdir(join(cwd, '.vscode', 'mcp.json'));
    const found = await detectImportSources({ platform: 'linux', homedir: home, env: {}, cwd });
    expect(found.map((s) => [s.format, s.label])).toEqual([
      ['cursor', 'Cursor'],
      ['mcp-json', 'Project .mcp.json'],
    ]);
  });
});
