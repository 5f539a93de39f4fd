import { mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PinChange } from '../../../shared/domain/approvals';
import type { Grant } from './GrantRepository';
import { JsonGrantRepository } from './JsonGrantRepository';
import { pinTool } from './pinTool';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-grants-'));
  file = join(dir, 'grants.json');
});

function grant(id: string, toolName = 'read', server = 'fs'): Grant {
  return {
    id,
    server,
    toolName,
    pin: pinTool({ name: toolName, inputSchema: { type: 'object' } }),
    grantedAt: 1000,
  };
}

const change: PinChange = {
  changed: ['description'],
  name: { before: 'read', after: 'read' },
  description: { before: 'a', after: 'b' },
  inputSchema: [],
  omittedSchemaChanges: 0,
  pinnedAt: 1000,
};

describe('JsonGrantRepository', () => {
  it('starts empty without a file and persists every change across instances', async () => {
    const repo = new JsonGrantRepository(file);
    expect(await repo.list()).toEqual([]);
    await repo.add(grant('g1'));
    await repo.add(grant('g2', 'write'));
    await repo.suspend('g1', change, 2000);

    const reopened = new JsonGrantRepository(file);
    expect(await reopened.find('fs', 'read')).toMatchObject({
      id: 'g1',
      suspension: { at: 2000, change },
    });
    await reopened.unsuspend('g1');
    expect((await new JsonGrantRepository(file).find('fs', 'read'))?.suspension).toBeUndefined();
    expect(await reopened.revoke('g2')).toBe(true);
    expect(await reopened.revoke('g2')).toBe(false);
    expect((await new JsonGrantRepository(file).list()).map((g) => g.id)).toEqual(['g1']);
  });

  it('keeps one grant per server and tool: adding again replaces (re-pins)', async () => {
    const repo = new JsonGrantRepository(file);
    await repo.add(grant('old'));
    await repo.suspend('old', change, 2000);
    await repo.add(grant('new'));
    await repo.add(grant('elsewhere', 'read', 'other'));
    expect(await repo.list()).toHaveLength(2);
    expect(await repo.find('fs', 'read')).toMatchObject({ id: 'new' });
    expect((await repo.find('fs', 'read'))?.suspension).toBeUndefined();
  });

  it('hands out copies the caller cannot use to change stored grants', async () => {
    const repo = new JsonGrantRepository(file);
    await repo.add(grant('g1'));
    const found = await repo.find('fs', 'read');
    if (!found) throw new Error('missing');
    found.toolName = 'mutated';
    found.pin.inputSchema.type = 'mutated';
    expect(await repo.find('fs', 'read')).toMatchObject({
      pin: { inputSchema: { type: 'object' } },
    });
  });

  it('does not lose concurrent changes, and writes a private file', async () => {
    const repo = new JsonGrantRepository(file);
    await Promise.all(Array.from({ length: 10 }, (_, i) => repo.add(grant(`g${i}`, `t${i}`))));
    expect(await new JsonGrantRepository(file).list()).toHaveLength(10);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('moves a corrupt file aside instead of overwriting it', async () => {
    await writeFile(file, '{ not json');
    const repo = new JsonGrantRepository(file);
    expect(await repo.list()).toEqual([]);
    const kept = (await readdir(dir)).find((f) => f.startsWith('grants.json.invalid-'));
    expect(kept).toBeDefined();
    expect(await readFile(join(dir, kept ?? ''), 'utf8')).toBe('{ not json');
  });

  it('ignores entries it cannot read but keeps them in the file', async () => {
    const future = { id: 'f1', server: 'fs', toolName: 'x', pin: { algorithm: 'v2' } };
    await writeFile(file, JSON.stringify({ version: 1, grants: [grant('g1'), future] }));
    const repo = new JsonGrantRepository(file);
    expect((await repo.list()).map((g) => g.id)).toEqual(['g1']);
    expect(await repo.find('fs', 'x')).toBeUndefined();
    await repo.add(grant('g2', 'write'));
    const saved = JSON.parse(await readFile(file, 'utf8')) as { grants: unknown[] };
    expect(saved.grants).toContainEqual(future);
    expect(saved.grants).toHaveLength(3);
  });

  it('rejects an invalid grant', async () => {
    const repo = new JsonGrantRepository(file);
    await expect(repo.add({ ...grant('g1'), id: '' })).rejects.toThrow();
    expect(await repo.list()).toEqual([]);
  });
});
