import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { watch } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { ServersFileService } from './ServersFileService';
import { useServersFileDir } from './testing/useServersFileDir';
import type { ServersFileState } from './ServersFileState';

// Bounded polling for things that happen asynchronously (fs events, debounce).
const eventually = { timeout: 5_000, interval: 20 };

let dir: string;
let file: string;
const { create } = useServersFileDir((paths) => ({ dir, file } = paths));

function record(service: ServersFileService): ServersFileState[] {
  const states: ServersFileState[] = [];
  service.onDidChange((state) => states.push(state));
  return states;
}

const serversJson = (servers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...extra, mcpServers: servers }, null, 2) + '\n';

/** Writes the way editors do: a temp file renamed over the original. */
async function editorSave(path: string, text: string): Promise<void> {
  const temp = `${path}.swp`;
  await writeFile(temp, text);
  await rename(temp, path);
}

describe('ServersFileService: loading', () => {
  it('treats a missing file as an empty config and creates nothing', async () => {
    const service = create();
    const state = await service.start();
    expect(state).toMatchObject({ exists: false, text: '', servers: [], valid: true, errors: [] });
    expect(await readdir(dir)).toEqual([]);
  });

  it('loads a valid file with ${env:} checked (resolved at start) and warnings', async () => {
    await writeFile(file, serversJson({ a: { command: '${env:BIN}', extra: 1 } }));
    const state = await create({ BIN: '/usr/bin/a' }).start();
    expect(state.valid).toBe(true);
    expect(state.servers.map((s) => s.transport === 'stdio' && s.command)).toEqual(['${env:BIN}']);
    expect(state.warnings.map((w) => w.path)).toEqual(['mcpServers.a.extra']);
  });

  it('reports an unreadable file as an error instead of throwing', async () => {
    await mkdir(file);
    const state = await create().start();
    expect(state.valid).toBe(false);
    expect(state.errors[0]).toMatchObject({ kind: 'io', line: 1, column: 1 });
    expect(state.errors[0]?.message).toMatch(/cannot read the servers file/);
  });
});

describe('ServersFileService: validateText', () => {
  it('finds what a save would, in text order, with line and column, and writes nothing', async () => {
    await writeFile(file, serversJson({ a: { command: 'a' } }));
    const service = create({});
    await service.start();
    const text = serversJson({ b: { command: 'b', args: 'one', extra: 1 }, c: { url: 7 } });
    const problems = service.validateText(text);
    expect(problems.map((p) => [p.severity, p.path])).toEqual([
      ['error', 'mcpServers.b.args'],
      ['warning', 'mcpServers.b.extra'],
      ['error', 'mcpServers.c.url'],
    ]);
    expect(problems[0]).toMatchObject({ line: 5, column: 15 });
    expect(service.validateText('{ "mcpServers": ')[0]).toMatchObject({ kind: 'syntax' });
    // Neither written nor applied.
    expect(await readFile(file, 'utf8')).toBe(serversJson({ a: { command: 'a' } }));
    expect(service.state.servers.map((server) => server.name)).toEqual(['a']);
  });
});

describe('ServersFileService: saveText', () => {
  it('writes exactly the text, atomically, leaving no temp files, and announces it', async () => {
    const service = create();
    await service.start();
    const states = record(service);
    const text = serversJson({ a: { command: 'x' } }, { keep: { me: true } });
    const result = await service.saveText(text);
    expect(result.saved).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(text);
    expect(await readdir(dir)).toEqual(['servers.json']);
    expect(states).toHaveLength(1);
    expect(states[0]).toMatchObject({ exists: true, valid: true, text });
    expect(states[0]?.servers.map((s) => s.name)).toEqual(['a']);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses text that is not JSON and writes nothing', async () => {
    const service = create();
    await service.start();
    const result = await service.saveText('{ "mcpServers": { "a": }');
    expect(result).toMatchObject({ saved: false, reason: 'invalid' });
    if (result.saved) return;
    expect(result.errors[0]).toMatchObject({
      kind: 'syntax',
      line: 1,
      column: 24,
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('saves valid JSON with schema errors but keeps running the last good servers', async () => {
    const service = create();
    await service.start();
    await service.saveText(serversJson({ good: { command: 'x' } }));
    const result = await service.saveText(serversJson({ good: { command: 'x', args: [1] } }));
    expect(result.saved).toBe(true);
    const state = service.state;
    expect(state.valid).toBe(false);
    expect(state.errors.map((e) => e.path)).toEqual(['mcpServers.good.args[0]']);
    expect(state.servers.map((s) => s.name)).toEqual(['good']);
    expect(state.servers[0]).toMatchObject({ args: [] });
  });

  it('does not overwrite a file that changed on disk since the editor loaded it', async () => {
    const service = create();
    await service.start();
    const loaded = (await service.saveText(serversJson({ a: { command: 'x' } }))).state.hash;
    const outside = serversJson({ a: { command: 'edited elsewhere' } });
    await writeFile(file, outside);
    const result = await service.saveText(serversJson({ b: { command: 'y' } }), {
      expectedHash: loaded,
    });
    expect(result).toMatchObject({ saved: false, reason: 'conflict' });
    expect(await readFile(file, 'utf8')).toBe(outside);
    expect(result.state.text).toBe(outside);
    const retry = await service.saveText(serversJson({ b: { command: 'y' } }), {
      expectedHash: result.state.hash,
    });
    expect(retry.saved).toBe(true);
  });

  it('writes even when the text equals what it last saw but the disk has changed since', async () => {
    const service = create();
    await service.start();
    const mine = serversJson({ a: { command: 'x' } });
    await service.saveText(mine);
    await writeFile(file, serversJson({ other: { command: 'y' } }));
    expect((await service.saveText(mine)).saved).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(mine);
  });

  it('writes through a symlink and keeps the file mode', async () => {
    if (process.platform === 'win32') return;
    const real = join(dir, 'dotfiles', 'servers.json');
    await mkdir(join(dir, 'dotfiles'));
    await writeFile(real, '{}');
    await chmod(real, 0o640);
    await symlink(real, file);
    const service = create();
    await service.start();
    await service.saveText(serversJson({ a: { command: 'x' } }));
    expect((await stat(real)).mode & 0o777).toBe(0o640);
    expect(await readFile(real, 'utf8')).toContain('"a"');
    expect((await lstat(file)).isSymbolicLink()).toBe(true);
  });
});

describe('ServersFileService: structured edits', () => {
  const text = `{
  "mcpServers": {
    "fs": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem"],
      "autoApprove": ["read_file"]
    },
    "web": { "url": "https://example.test/mcp" }
  },
  "preferences": { "theme": "dark" }
}
`;

  it('setServerDisabled keeps formatting and unknown keys', async () => {
    await writeFile(file, text);
    const service = create();
    await service.start();
    const states = record(service);
    const state = await service.setServerDisabled('fs', true);
    expect(await readFile(file, 'utf8')).toBe(
      text.replace(
        '"autoApprove": ["read_file"]\n',
        '"autoApprove": ["read_file"],\n      "disabled": true\n',
      ),
    );
    expect(state.servers.find((s) => s.name === 'fs')?.disabled).toBe(true);
    expect(state.warnings.map((w) => w.path)).toEqual(['mcpServers.fs.autoApprove', 'preferences']);
    expect(states).toHaveLength(1);
    await service.setServerDisabled('fs', false);
    expect(await readFile(file, 'utf8')).toBe(
      text.replace(
        '"autoApprove": ["read_file"]\n',
        '"autoApprove": ["read_file"],\n      "disabled": false\n',
      ),
    );
    await expect(service.setServerDisabled('missing', true)).rejects.toMatchObject({
      code: AppErrorCode.NotFound,
    });
  });

  it('edits what is on disk now, so an outside edit not yet seen is not lost', async () => {
    await writeFile(file, text);
    const service = create();
    await service.start();
    const outside = text.replace('"theme": "dark"', '"theme": "light"');
    await writeFile(file, outside);
    await service.setServerDisabled('web', true);
    const saved = await readFile(file, 'utf8');
    expect(saved).toContain('"theme": "light"');
    expect(saved).toContain('"web": { "url": "https://example.test/mcp", "disabled": true }');
  });

  it('addServers creates the file, appends, and never overwrites', async () => {
    const service = create();
    await service.start();
    await service.addServers({ a: { command: 'x', args: ['--flag'] } });
    let state = await service.addServers({
      b: { url: 'http://127.0.0.1:1/mcp', 'x-origin': 'cursor' },
    });
    expect(state.servers.map((s) => s.name)).toEqual(['a', 'b']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      mcpServers: {
        a: { command: 'x', args: ['--flag'] },
        b: { url: 'http://127.0.0.1:1/mcp', 'x-origin': 'cursor' },
      },
    });
    await expect(service.addServers({ a: { command: 'y' } })).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
    await expect(
      service.addServers({ c: { command: 'x', args: [1] as unknown as string[] } }),
    ).rejects.toMatchObject({
      code: AppErrorCode.Validation,
      message: expect.stringMatching(/mcpServers\.c\.args\[0\] must be a string/) as unknown,
    });
    // A variable that is not set yet is accepted: the file's state says so.
    state = await service.addServers({ d: { command: 'x', env: { T: '${env:NOT_SET}' } } });
    expect(state.valid).toBe(false);
    expect(state.errors[0]).toMatchObject({ kind: 'env', path: 'mcpServers.d.env.T' });
    expect(state.servers.map((s) => s.name)).toEqual(['a', 'b']);
  });

  it('removeServer removes one entry and keeps the rest', async () => {
    await writeFile(file, text);
    const service = create();
    await service.start();
    const state = await service.removeServer('web');
    expect(state.servers.map((s) => s.name)).toEqual(['fs']);
    expect(await readFile(file, 'utf8')).toBe(
      text.replace(',\n    "web": { "url": "https://example.test/mcp" }', ''),
    );
  });

  it('refuses structured edits while the file is not JSON', async () => {
    await writeFile(file, '{ "mcpServers": ');
    const service = create();
    await service.start();
    await expect(service.setServerDisabled('fs', true)).rejects.toMatchObject({
      code: AppErrorCode.ConfigInvalid,
    });
    expect(await readFile(file, 'utf8')).toBe('{ "mcpServers": ');
  });
});

describe('ServersFileService: watching', () => {
  it('applies an outside edit live, including one saved by rename', async () => {
    await writeFile(file, serversJson({ a: { command: 'x' } }));
    const service = create();
    await service.start();
    const states = record(service);

    await writeFile(file, serversJson({ a: { command: 'x' }, b: { command: 'y' } }));
    await vi.waitFor(
      () => expect(service.state.servers.map((s) => s.name)).toEqual(['a', 'b']),
      eventually,
    );

    await editorSave(file, serversJson({ b: { command: 'y2' } }));
    await vi.waitFor(
      () => expect(service.state.servers.map((s) => s.name)).toEqual(['b']),
      eventually,
    );
    expect(states.at(-1)?.servers[0]).toMatchObject({ command: 'y2' });
  });

  it('keeps the last good config while the file is broken, then recovers', async () => {
    await writeFile(file, serversJson({ a: { command: 'x' } }));
    const service = create();
    await service.start();

    await writeFile(file, '{\n  "mcpServers": {\n    "a": { "command": "x" },,\n  }\n}\n');
    await vi.waitFor(() => expect(service.state.valid).toBe(false), eventually);
    expect(service.state.errors[0]).toMatchObject({ kind: 'syntax', line: 3 });
    expect(service.state.servers.map((s) => s.name)).toEqual(['a']);

    await writeFile(file, serversJson({ a: { command: 'x' }, c: { url: 'https://c.test' } }));
    await vi.waitFor(() => expect(service.state.valid).toBe(true), eventually);
    expect(service.state.servers.map((s) => s.name)).toEqual(['a', 'c']);
  });

  it('survives the file being deleted and re-created', async () => {
    await writeFile(file, serversJson({ a: { command: 'x' } }));
    const service = create();
    await service.start();

    await rm(file);
    await vi.waitFor(() => expect(service.state.exists).toBe(false), eventually);
    // Deleted while a server was configured: it keeps running and the person is asked.
    expect(service.state).toMatchObject({ valid: false, errors: [{ kind: 'emptied' }] });
    expect(service.state.servers.map((s) => s.name)).toEqual(['a']);

    await writeFile(file, serversJson({ again: { command: 'x' } }));
    await vi.waitFor(
      () => expect(service.state.servers.map((s) => s.name)).toEqual(['again']),
      eventually,
    );
  });

  it('ignores events for its own writes and for other files in the directory', async () => {
    const service = create();
    await service.start();
    const states = record(service);
    // Our own view of the directory, to know when the service's watcher has had its event too.
    const seen: string[] = [];
    const probe = watch(dir, (_event, name) => seen.push(String(name)));
    try {
      await service.saveText(serversJson({ a: { command: 'x' } }));
      await writeFile(join(dir, 'other.json'), '{}');
      await vi.waitFor(() => expect(seen).toContain('other.json'), eventually);
      expect(seen).toContain('servers.json');
      // The one deliberate wait: proving nothing happens needs time past the debounce (50 ms).
      await sleep(250);
      expect(states.map((s) => s.servers.map((server) => server.name))).toEqual([['a']]);
      // A real outside edit still comes through.
      await writeFile(file, serversJson({ b: { command: 'x' } }));
      await vi.waitFor(() => expect(states).toHaveLength(2), eventually);
      expect(states[1]?.servers.map((server) => server.name)).toEqual(['b']);
    } finally {
      probe.close();
    }
  });

  it('still notices the file when its directory does not exist yet (polling)', async () => {
    const nested = join(dir, 'not-yet', 'servers.json');
    const service = create({}, nested);
    expect(await service.start()).toMatchObject({ exists: false, errors: [] });
    await mkdir(join(dir, 'not-yet'));
    await writeFile(nested, serversJson({ late: { command: 'x' } }));
    await vi.waitFor(
      () => expect(service.state.servers.map((s) => s.name)).toEqual(['late']),
      eventually,
    );
  });

  it('stops reacting after dispose', async () => {
    const service = create();
    await service.start();
    const states = record(service);
    service.dispose();
    await writeFile(file, serversJson({ a: { command: 'x' } }));
    const later = create();
    const seen = record(later);
    await later.start();
    await writeFile(file, serversJson({ b: { command: 'x' } }));
    await vi.waitFor(
      () => expect(seen.at(-1)?.servers.map((s) => s.name)).toEqual(['b']),
      eventually,
    );
    expect(states).toEqual([]);
    // Not only silent: the disposed service no longer follows the file at all.
    expect(service.state.exists).toBe(false);
  });

  it('keeps going when a listener throws', async () => {
    const service = create();
    await service.start();
    service.onDidChange(() => {
      throw new Error('listener bug');
    });
    const states = record(service);
    await service.saveText(serversJson({ a: { command: 'x' } }));
    expect(states).toHaveLength(1);
  });
});
