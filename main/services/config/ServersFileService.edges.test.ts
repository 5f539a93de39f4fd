import { rm, writeFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { MAX_SERVERS_FILE_BYTES, type ServersFileService } from './ServersFileService';
import { useServersFileDir } from './testing/useServersFileDir';

const eventually = { timeout: 5_000, interval: 20 };

let file: string;
const { create } = useServersFileDir((paths) => ({ file } = paths));

const two = JSON.stringify({ mcpServers: { a: { command: 'x' }, b: { command: 'y' } } });
const names = (service: ServersFileService) => service.state.servers.map((s) => s.name);

describe('ServersFileService: a file that empties or vanishes while servers run', () => {
  for (const [how, empty] of [
    ['emptied', () => writeFile(file, '')],
    ['whitespace only', () => writeFile(file, '  \n\t\n')],
    ['deleted', () => rm(file)],
  ] as const) {
    it(`${how}: the servers keep running and the person is told, until they confirm`, async () => {
      await writeFile(file, two);
      const service = create();
      await service.start();
      await empty();
      await vi.waitFor(() => expect(service.state.valid).toBe(false), eventually);
      expect(names(service)).toEqual(['a', 'b']);
      expect(service.state.errors).toEqual([
        expect.objectContaining({
          kind: 'emptied',
          severity: 'error',
          message: expect.stringMatching(
            /while 2 servers were configured; they keep running\. Restore the file, or save it empty to stop them\./,
          ) as unknown,
        }),
      ]);
      // The person confirms by saving the empty file from the app: now nothing runs.
      const saved = await service.saveText('');
      expect(saved.saved).toBe(true);
      expect(service.state).toMatchObject({ valid: true, servers: [], errors: [], exists: true });
    });
  }

  it('refuses structured edits of an emptied file (they would drop the running servers)', async () => {
    await writeFile(file, two);
    const service = create();
    await service.start();
    await writeFile(file, '');
    await vi.waitFor(() => expect(service.state.valid).toBe(false), eventually);
    await expect(service.addServers({ c: { command: 'z' } })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^the servers file became empty/) as unknown,
    });
    expect(names(service)).toEqual(['a', 'b']);
  });

  it('real content after an emptied file applies as usual', async () => {
    await writeFile(file, two);
    const service = create();
    await service.start();
    await writeFile(file, '');
    await vi.waitFor(() => expect(service.state.valid).toBe(false), eventually);
    await writeFile(file, JSON.stringify({ mcpServers: { c: { command: 'z' } } }));
    await vi.waitFor(() => expect(names(service)).toEqual(['c']), eventually);
    expect(service.state.errors).toEqual([]);
  });

  it('an empty file with nothing configured before is just an empty config', async () => {
    await writeFile(file, '');
    const service = create();
    expect(await service.start()).toMatchObject({ valid: true, errors: [], servers: [] });
  });
});

describe('ServersFileService: files no editor would write', () => {
  it(`refuses a file over ${String(MAX_SERVERS_FILE_BYTES / 1024 / 1024)} MiB without reading it`, async () => {
    await writeFile(file, two);
    const service = create();
    await service.start();
    const huge = `{"mcpServers":{},"pad":"${'x'.repeat(MAX_SERVERS_FILE_BYTES)}"}`;
    await writeFile(file, huge);
    // Written in place: a busy machine may see a part of it first (a parse error), then all.
    await vi.waitFor(
      () =>
        expect(service.state.errors[0]?.message).toMatch(
          /^the servers file is 10\.0 MiB; files over 10 MiB are not read/,
        ),
      eventually,
    );
    expect(service.state.valid).toBe(false);
    expect(service.state.text).toBe('');
    expect(names(service)).toEqual(['a', 'b']);
  });

  it('reports nesting too deep to parse as a problem at its place, and keeps running', async () => {
    await writeFile(file, two);
    const service = create();
    await service.start();
    await writeFile(file, `{"mcpServers": {"a": {"command": "x", "args": ${'['.repeat(50_000)}`);
    await vi.waitFor(() => expect(service.state.valid).toBe(false), eventually);
    expect(service.state.errors).toEqual([
      expect.objectContaining({
        kind: 'syntax',
        line: 1,
        column: 144,
        message: 'nested deeper than 100 levels; the servers file cannot be read like this',
      }),
    ]);
    expect(names(service)).toEqual(['a', 'b']);
  });

  it('warns about bytes that are not UTF-8, with their byte offset, and still loads', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"mcpServers": {"a": {"command": "caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}}}'),
    ]);
    await writeFile(file, bytes);
    const state = await create().start();
    expect(state.errors).toEqual([]);
    expect(state.servers.map((s) => s.transport === 'stdio' && s.command)).toEqual(['caf\uFFFD']);
    expect(state.warnings).toEqual([
      expect.objectContaining({
        kind: 'encoding',
        severity: 'warning',
        line: 1,
        column: 38,
        message:
          'the servers file is not valid UTF-8 at byte 37; the bytes that could not be read show as �',
      }),
    ]);
  });
});
