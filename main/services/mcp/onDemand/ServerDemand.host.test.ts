import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../../shared/errors';
import { createLogger } from '../../../platform/Logger';
import { ServersFileService } from '../../config/ServersFileService';
import { HostEvents } from '../../base/HostEvents';
import { listAllPrompts, listAllResources } from '../listAcrossServers';
import { isProcessAlive } from '../launch/isProcessAlive';
import { ProcessJanitor, fixtureServer } from '../launch/testing/ProcessJanitor';
import { ServerLocks } from '../locks/ServerLocks';
import { McpService } from '../McpService';

const counted = fixtureServer('counted.mjs');
const janitor = new ProcessJanitor();
const hosts: McpService[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.dispose();
  await janitor.cleanup();
});

interface Folder {
  dir: string;
  log: string;
  entry: (name: string, extra?: Record<string, unknown>) => Record<string, unknown>;
  starts: () => Promise<string[]>;
}

async function folder(): Promise<Folder> {
  const dir = await mkdtemp(join(tmpdir(), 'sb-demand-'));
  const log = join(dir, 'starts.log');
  return {
    dir,
    log,
    entry: (name, extra = {}) => ({
      command: process.execPath,
      args: [counted, name],
      env: { START_LOG: log, FAIL_FILE: join(dir, 'fail'), VARIANT_FILE: join(dir, 'variant') },
      ...extra,
    }),
    starts: async () =>
      (await readFile(log, 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' ')[0] ?? ''),
  };
}

/** A host's servers side over the folder, as a new process would have it. */
async function host(
  at: Folder,
  servers: Record<string, unknown>,
  options: { now?: () => number; idleMinutes?: number } = {},
): Promise<McpService> {
  const file = join(at.dir, 'servers.json');
  await writeFile(file, JSON.stringify({ mcpServers: servers }));
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  const log = createLogger({ consoleLevel: 'silent' });
  const mcp = new McpService({
    dataDir: at.dir,
    logsDir: join(at.dir, 'logs'),
    files: new ServersFileService({ file, env, log }),
    events: new HostEvents(),
    log,
    env,
    useLoginShell: false,
    shell: 'web',
    idleSweepMs: 0,
    idleMinutes: () => options.idleMinutes ?? 15,
    ...(options.now ? { now: options.now } : {}),
    supervisor: { killGraceMs: 300, policy: { baseMs: 100, maxMs: 200, maxAttempts: 1 } },
  });
  hosts.push(mcp);
  await mcp.start();
  return mcp;
}

/** The host observes traffic a turn of the event loop after it passed (see TrafficTapTransport). */
function trafficSeen(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** Runs a first host until every server is ready and its lists are written, then ends it. */
async function learnOnce(at: Folder, servers: Record<string, unknown>): Promise<void> {
  const first = await host(at, servers);
  const names = Object.keys(servers);
  await expect
    .poll(() => names.every((n) => first.supervisor(n).remembered !== undefined), {
      timeout: 20_000,
    })
    .toBe(true);
  await first.dispose();
  hosts.splice(hosts.indexOf(first), 1);
}

describe('servers on demand (real processes)', () => {
  it('a learned server waits in the next process, its tools offered; the first use starts it once', async () => {
    const at = await folder();
    await learnOnce(at, { a: at.entry('a'), b: at.entry('b') });
    expect((await at.starts()).sort()).toEqual(['a', 'b']);

    const mcp = await host(at, { a: at.entry('a'), b: at.entry('b', { start: 'launch' }) });
    await expect.poll(() => mcp.supervisor('b').status.kind, { timeout: 20_000 }).toBe('ready');
    expect(mcp.supervisor('a').status).toMatchObject({ kind: 'remembered', toolCount: 2 });
    expect((await at.starts()).sort()).toEqual(['a', 'b', 'b']);
    // The model, the pickers and the person see what it listed when it last ran.
    expect(mcp.catalogEntries().map((e) => e.modelName)).toEqual(
      expect.arrayContaining(['a__lookup', 'a__pid', 'b__lookup']),
    );
    expect(mcp.detail('a').tools.every((t) => t.remembered)).toBe(true);
    expect(mcp.detail('a').serverInfo?.name).toBe('counted-a');
    const prompts = await listAllPrompts(mcp);
    expect(prompts.find((p) => p.server === 'a')?.prompts.map((p) => p.name)).toEqual(['greet']);
    const templates = await listAllResources(mcp);
    expect(templates.find((r) => r.server === 'a')?.templates[0]?.uriTemplate).toBe('note://{id}');
    expect((await at.starts()).filter((s) => s === 'a')).toHaveLength(1);

    const [first, second] = await Promise.all([mcp.use('a'), mcp.use('a')]);
    expect(first).toBe(second);
    const result = await first.callTool('lookup', { word: 'lazy' });
    expect(JSON.stringify(result.content)).toContain('a: lazy is a fine word');
    expect((await at.starts()).filter((s) => s === 'a')).toHaveLength(2);
    expect(mcp.detail('a').tools.some((t) => t.remembered)).toBe(false);
  });

  it('a definition that changed since it was remembered: the catalogue follows and the log says what', async () => {
    const at = await folder();
    await learnOnce(at, { a: at.entry('a') });
    await writeFile(join(at.dir, 'variant'), 'Looks words up, and now also spells them.');
    const mcp = await host(at, { a: at.entry('a') });
    const before = mcp.catalogEntries().find((e) => e.modelName === 'a__lookup');
    expect(before?.tool.description).toBe('Looks a word up in the a glossary.');
    await mcp.use('a');
    expect(mcp.catalogEntries().find((e) => e.modelName === 'a__lookup')?.tool.description).toBe(
      'Looks words up, and now also spells them.',
    );
    await expect
      .poll(() =>
        mcp
          .supervisor('a')
          .logsSince()
          .map((e) => e.text),
      )
      .toContain('tools differ from those remembered: changed lookup');
    // Learned again: the next process remembers the new definition.
    await expect
      .poll(() => mcp.supervisor('a').remembered?.tools[0]?.description)
      .toBe('Looks words up, and now also spells them.');
  });

  it('a start that fails fails the use with why, and the next use tries again', async () => {
    const at = await folder();
    await learnOnce(at, { a: at.entry('a') });
    await writeFile(join(at.dir, 'fail'), '');
    let now = 1_000_000;
    const mcp = await host(at, { a: at.entry('a') }, { now: () => now });
    const failure = await mcp.use('a').catch((error: unknown) => error);
    // The call's error says which server and why, with what it wrote before it exited.
    expect((failure as Error).message).toMatch(/^“a” could not start: /);
    const data = (failure as { data?: { failure?: { stderrTail: string[] } } }).data;
    expect(data?.failure?.stderrTail.join('\n')).toContain('a: told to fail; refusing to start');
    // Nobody waits for it now: no retries in the background, it stays failed until needed.
    expect(mcp.supervisor('a').status.kind).toBe('error');
    now += 60_000;
    const { rm } = await import('node:fs/promises');
    await rm(join(at.dir, 'fail'));
    await mcp.use('a');
    expect(mcp.supervisor('a').status.kind).toBe('ready');
  });

  it('stops a server unused for its idle time, never one in use, one set to 0, or a launch entry', async () => {
    const at = await folder();
    await learnOnce(at, { a: at.entry('a'), b: at.entry('b'), c: at.entry('c') });
    let now = 1_000_000;
    let watching = false;
    const mcp = await host(
      at,
      {
        a: at.entry('a'),
        b: at.entry('b', { idleMinutes: 0 }),
        c: at.entry('c', { start: 'launch' }),
      },
      { now: () => now, idleMinutes: 15 },
    );
    mcp.keepAlive((server) => watching && server === 'a');
    await Promise.all(['a', 'b', 'c'].map((name) => mcp.use(name)));
    // Each start is followed by learning its lists; a request of that still on the wire keeps
    // the server busy, so on a loaded machine it would land inside the steps below.
    await mcp.demand.learned(20_000);
    now += 14 * 60_000;
    expect(await mcp.demand.sweep()).toEqual([]);
    // Used a minute before its time: the clock starts again.
    await (await mcp.use('a')).callTool('pid', {});
    await trafficSeen();
    now += 14 * 60_000;
    expect(await mcp.demand.sweep()).toEqual([]);
    const pid = mcp.supervisor('a').pid ?? 0;
    watching = true;
    now += 60 * 60_000;
    expect(await mcp.demand.sweep()).toEqual([]);
    watching = false;
    now += 16 * 60_000;
    expect(await mcp.demand.sweep()).toEqual(['a']);
    expect(mcp.supervisor('a').status).toMatchObject({ kind: 'remembered', idleStoppedAt: now });
    // Its process tree ended with it.
    expect(isProcessAlive(pid)).toBe(false);
    expect(mcp.supervisor('b').status.kind).toBe('ready');
    expect(mcp.supervisor('c').status.kind).toBe('ready');
    // Needed again: it starts again.
    await mcp.use('a');
    expect(mcp.supervisor('a').status.kind).toBe('ready');
  });

  it('never starts a server another process runs: the use names that process, and works once it is gone', async () => {
    const at = await folder();
    await learnOnce(at, { a: at.entry('a') });
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    janitor.trackPid(other.pid);
    await new Promise((resolve) => other.once('spawn', resolve));
    const log = createLogger({ consoleLevel: 'silent' });
    const theirs = new ServerLocks({
      dir: join(at.dir, 'locks'),
      shell: 'electron',
      log,
      pid: other.pid ?? 0,
    });
    expect(await theirs.acquire('a')).toEqual({ ok: true });

    const mcp = await host(at, { a: at.entry('a') });
    const refused = await mcp.use('a').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: AppErrorCode.McpOwnedElsewhere });
    expect((refused as Error).message).toContain(`the desktop app (pid ${String(other.pid)})`);
    expect(await at.starts()).toEqual(['a']);

    await new Promise((resolve) => {
      other.once('exit', resolve);
      other.kill('SIGKILL');
    });
    await mcp.use('a');
    expect(await at.starts()).toEqual(['a', 'a']);
  });
});
