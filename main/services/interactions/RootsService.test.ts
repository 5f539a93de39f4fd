import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { InteractionPolicies } from './InteractionPolicies';
import { RootsService } from './RootsService';

describe('RootsService', () => {
  it('persists the list atomically; missing folders are listed but not given to servers', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-roots-'));
    const file = join(dir, 'roots.json');
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    await mkdir(a);
    await mkdir(b);
    const roots = new RootsService({ file });
    const changes: number[] = [];
    roots.onDidChange((list) => changes.push(list.length));
    await roots.add(`${a}/`);
    await roots.add(a);
    await roots.add(b);
    expect(changes).toEqual([1, 2]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, roots: [a, b] });
    await rm(b, { recursive: true });
    const reloaded = new RootsService({ file });
    await reloaded.load();
    expect((await reloaded.list()).map((r) => r.exists)).toEqual([true, false]);
    expect(await reloaded.toRootsResult()).toEqual({
      roots: [{ uri: pathToFileURL(a).href, name: 'a' }],
    });
    await reloaded.remove(b);
    expect((await reloaded.list()).map((r) => r.path)).toEqual([a]);
  });

  it('a corrupt file is moved aside, not overwritten', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-roots-'));
    const file = join(dir, 'roots.json');
    await writeFile(file, '{oops');
    const roots = new RootsService({ file });
    await roots.load();
    expect(await roots.list()).toEqual([]);
    expect((await readdir(dir)).some((f) => f.startsWith('roots.json.corrupt-'))).toBe(true);
  });

  it('the picker adds what was chosen; a cancelled picker changes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-roots-'));
    const answers: (string | null)[] = [dir, null];
    const roots = new RootsService({ pickFolder: () => Promise.resolve(answers.shift() ?? null) });
    expect(roots.canPick).toBe(true);
    expect((await roots.pick()).map((r) => r.path)).toEqual([dir]);
    expect((await roots.pick()).map((r) => r.path)).toEqual([dir]);
    await expect(new RootsService().pick()).rejects.toMatchObject({
      code: AppErrorCode.Unsupported,
    });
  });
});

describe('InteractionPolicies', () => {
  it('defaults to ask and keeps what was set across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-policies-'));
    const file = join(dir, 'interaction-policies.json');
    const policies = new InteractionPolicies(file);
    await policies.load();
    expect(policies.get('x')).toEqual({ sampling: 'ask' });
    await policies.set('x', { sampling: 'deny', maxTokens: 500 });
    const again = new InteractionPolicies(file);
    await again.load();
    expect(again.get('x')).toEqual({ sampling: 'deny', maxTokens: 500 });
    expect(again.all()).toEqual({ x: { sampling: 'deny', maxTokens: 500 } });
  });
});
