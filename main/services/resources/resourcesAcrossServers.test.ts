import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { AppErrorCode } from '../../../shared/errors';
import {
  eventually,
  everything,
  resourcesFixture,
  startResourceHost,
  type ResourceHost,
} from './testing/startResourceHost';

const FILESYSTEM_BIN = join(
  process.cwd(),
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);

let fake: FakeAnthropic;
let host: ResourceHost;
let files: string;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  files = await mkdtemp(join(tmpdir(), 'sb-files-'));
  await writeFile(join(files, 'plan.md'), '# Plan\n\nShip it.');
  host = await startResourceHost(fake, {
    everything,
    modern: resourcesFixture('modern', { RESOURCES_DIR: files }),
    legacy: resourcesFixture('legacy'),
    filesystem: { command: process.execPath, args: [FILESYSTEM_BIN, files] },
  });
}, 60_000);
afterAll(async () => {
  await host.core.dispose();
  await fake.close();
});

type Handlers = ResourceHost['core']['handlers'];
/** Calls a handler as the dispatcher would; a synchronous throw becomes a rejection. */
const call = async <N extends keyof Handlers>(
  name: N,
  input: Parameters<Handlers[N]>[0],
): Promise<Awaited<ReturnType<Handlers[N]>>> =>
  (await (host.core.handlers[name] as (i: typeof input) => unknown)(input)) as Awaited<
    ReturnType<Handlers[N]>
  >;

describe('resources and prompts across servers', () => {
  it('lists every ready server’s resources, templates and prompts, each server on its own', async () => {
    expect(host.core.mcp.servers().map((s) => [s.name, s.status.kind])).toEqual([
      ['everything', 'ready'],
      ['modern', 'ready'],
      ['legacy', 'ready'],
      ['filesystem', 'ready'],
    ]);
    const { servers } = await call('mcp.listAllResources', {});
    const byName = new Map(servers.map((s) => [s.server, s]));
    // server-filesystem (2026.8.31) offers tools and roots only, no resources: it is not listed.
    expect([...byName.keys()].sort()).toEqual(['everything', 'legacy', 'modern']);
    const everythingList = byName.get('everything');
    expect(everythingList?.error).toBeUndefined();
    expect(everythingList?.templates.map((t) => t.uriTemplate)).toContain(
      'demo://resource/dynamic/text/{resourceId}',
    );
    expect(everythingList?.resources.length).toBeGreaterThan(0);
    // Files of a folder, offered as file:// resources by the fixture.
    expect(byName.get('modern')?.resources.map((r) => r.uri)).toContain(
      pathToFileURL(join(files, 'plan.md')).href,
    );

    const prompts = await call('mcp.listAllPrompts', {});
    const everythingPrompts = prompts.servers.find((s) => s.server === 'everything');
    const completable = everythingPrompts?.prompts.find((p) => p.name === 'completable-prompt');
    expect(completable?.arguments.map((a) => a.name)).toEqual(['department', 'name']);
    expect(prompts.servers.find((s) => s.server === 'modern')?.prompts[0]?.name).toBe('review');
  });

  it('completes prompt arguments with the earlier ones as context, and template variables', async () => {
    const ref = { type: 'ref/prompt' as const, name: 'completable-prompt' };
    const department = await call('mcp.complete', {
      server: 'everything',
      ref,
      argument: { name: 'department', value: 'E' },
    });
    expect(department.values).toEqual(['Engineering']);
    const names = await call('mcp.complete', {
      server: 'everything',
      ref,
      argument: { name: 'name', value: '' },
      context: { arguments: { department: 'Sales' } },
    });
    expect(names.values).toEqual(['David', 'Eve', 'Frank']);
    const withoutContext = await call('mcp.complete', {
      server: 'everything',
      ref,
      argument: { name: 'name', value: '' },
    });
    expect(withoutContext.values).toEqual([]);
    const template = await call('mcp.complete', {
      server: 'everything',
      ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      argument: { name: 'resourceId', value: '42' },
    });
    expect(template.values).toEqual(['42']);
    // The fixture does not offer completions: an empty list, not an error.
    expect(
      await call('mcp.complete', {
        server: 'legacy',
        ref: { type: 'ref/prompt', name: 'review' },
        argument: { name: 'focus', value: 'x' },
      }),
    ).toEqual({ values: [] });
  });

  it('expands templates (RFC 6570) and the expanded URI reads', async () => {
    const { uri } = await call('mcp.resolveTemplate', {
      server: 'everything',
      uriTemplate: 'demo://resource/dynamic/text/{resourceId}',
      arguments: { resourceId: '7' },
    });
    expect(uri).toBe('demo://resource/dynamic/text/7');
    const read = await call('mcp.readResource', { server: 'everything', uri });
    expect(JSON.stringify(read.contents)).toContain('Resource 7');
    expect(read.totalBytes).toBe(Buffer.byteLength(String(read.contents[0]?.text), 'utf8'));
    const encoded = await call('mcp.resolveTemplate', {
      server: 'everything',
      uriTemplate: 'x://{name}/{+path}{?q}',
      arguments: { name: 'a b', path: 'dir/file name', q: 'ü' },
    });
    expect(encoded.uri).toBe('x://a%20b/dir/file%20name?q=%C3%BC');
    await expect(
      call('mcp.resolveTemplate', { server: 'nope', uriTemplate: 'x://{a}', arguments: {} }),
    ).rejects.toMatchObject({ code: AppErrorCode.NotFound });
  });

  it('reports a blob’s decoded size so the UI can warn before attaching', async () => {
    const read = await call('mcp.readResource', { server: 'legacy', uri: 'fixture://data.bin' });
    expect(read.totalBytes).toBe(1024);
  });
});

describe('resource subscriptions', () => {
  const updates = (server: string) =>
    host.events
      .filter((e) => e.name === 'mcp.resourceUpdated')
      .map((e) => e.payload as { server: string; uri: string; at: number })
      .filter((p) => p.server === server);

  it('2025: resources/subscribe, updates become events, and a restart subscribes again', async () => {
    const uri = 'demo://resource/static/document/features.md';
    await call('mcp.subscribeResource', { server: 'everything', uri });
    // server-everything sends updates for subscribed URIs once this tool is toggled on.
    await host.core.mcp.supervisor('everything').callTool('toggle-subscriber-updates', {});
    await eventually(() => expect(updates('everything').map((u) => u.uri)).toContain(uri));
    const listed = await call('mcp.listSubscriptions', {});
    expect(listed.subscriptions).toContainEqual({
      server: 'everything',
      uri,
      changedAt: updates('everything').at(-1)?.at,
    });

    const sinceRestart = host.core.mcp.supervisor('everything').trafficSince().at(-1)?.seq;
    await host.core.mcp.restart('everything');
    await host.core.mcp.settled(20_000);
    const before = updates('everything').length;
    // A fresh process knows no subscriptions: updates only come if the host subscribed again.
    await eventually(() => {
      expect(host.core.mcp.supervisor('everything').status.kind).toBe('ready');
    });
    await eventually(() => {
      const sent = host.core.mcp.supervisor('everything').trafficSince(sinceRestart);
      expect(sent.some((e) => e.direction === 'out' && e.method === 'resources/subscribe')).toBe(
        true,
      );
    });
    await host.core.mcp.supervisor('everything').callTool('toggle-subscriber-updates', {});
    await eventually(() => expect(updates('everything').length).toBeGreaterThan(before));

    await call('mcp.unsubscribeResource', { server: 'everything', uri });
    expect((await call('mcp.listSubscriptions', {})).subscriptions).not.toContainEqual(
      expect.objectContaining({ server: 'everything' }),
    );
  }, 30_000);

  it('2026: a subscriptions/listen stream carries the updates; unwatched URIs stay quiet', async () => {
    expect(host.core.mcp.supervisor('modern').status).toMatchObject({ era: 'modern' });
    await call('mcp.subscribeResource', { server: 'modern', uri: 'fixture://notes.txt' });
    await call('mcp.subscribeResource', { server: 'modern', uri: 'fixture://logo.png' });
    const touch = (uri: string) => host.core.mcp.supervisor('modern').callTool('touch', { uri });
    await touch('fixture://data.bin');
    await touch('fixture://notes.txt');
    await eventually(() =>
      expect(updates('modern').map((u) => u.uri)).toContain('fixture://notes.txt'),
    );
    await call('mcp.unsubscribeResource', { server: 'modern', uri: 'fixture://notes.txt' });
    await touch('fixture://notes.txt');
    await touch('fixture://logo.png');
    await eventually(() =>
      expect(updates('modern').map((u) => u.uri)).toContain('fixture://logo.png'),
    );
    expect(updates('modern').map((u) => u.uri)).toEqual([
      'fixture://notes.txt',
      'fixture://logo.png',
    ]);

    // A new session (here: a restart) gets a listen stream of its own for the watched URIs.
    await host.core.mcp.restart('modern');
    await eventually(() => {
      expect(host.core.mcp.supervisor('modern').status.kind).toBe('ready');
    });
    await eventually(async () => {
      await touch('fixture://logo.png');
      expect(updates('modern').length).toBeGreaterThanOrEqual(3);
    });
  }, 30_000);

  it('2025 fixture: updates arrive for a subscribed URI', async () => {
    await call('mcp.subscribeResource', { server: 'legacy', uri: 'fixture://notes.txt' });
    await host.core.mcp.supervisor('legacy').callTool('touch', { uri: 'fixture://notes.txt' });
    await eventually(() =>
      expect(updates('legacy').map((u) => u.uri)).toEqual(['fixture://notes.txt']),
    );
  });

  it('refuses to watch on a server without subscriptions, and on one that is not there', async () => {
    await expect(
      call('mcp.subscribeResource', { server: 'filesystem', uri: 'file:///x' }),
    ).rejects.toMatchObject({ code: AppErrorCode.Validation });
    await expect(
      call('mcp.subscribeResource', { server: 'ghost', uri: 'file:///x' }),
    ).rejects.toMatchObject({ code: AppErrorCode.NotFound });
  });
});
