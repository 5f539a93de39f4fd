import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpSession } from '../McpSession';
import {
  eventually,
  methodsSent,
  recordTraffic,
  rejection,
  stdioConfig,
  TestProcesses,
} from '../testing/TestProcesses';
import type { StreamHandlers } from './EventStream';

const FIXTURE = join(__dirname, '../../../../../e2e/fixtures/servers/events.mjs');

let processes: TestProcesses;
let sessions: McpSession[];
let dir: string;

beforeEach(async () => {
  processes = new TestProcesses();
  sessions = [];
  dir = await mkdtemp(join(tmpdir(), 'events-wire-'));
});

afterEach(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await processes.cleanup();
  await rm(dir, { recursive: true, force: true });
});

async function connect(
  env: Record<string, string>,
  protocol: 'auto' | 'legacy' = 'auto',
): Promise<McpSession> {
  const config = stdioConfig([FIXTURE], protocol, env);
  const session = new McpSession({ config, transport: processes.stdioFactory(config) });
  sessions.push(session);
  await session.connect();
  return session;
}

function event(n: number, branch = 'main') {
  return {
    eventId: `evt-${String(n)}`,
    name: 'build.finished',
    timestamp: '2026-10-05T10:00:00Z',
    data: { branch, status: 'passed' },
  };
}

describe('Events wire client (real fixture process)', () => {
  it('reads the top-level key the SDK drops, on a 2025 initialize', async () => {
    const session = await connect({ EVENTS_DECLARE: 'top', EVENTS_ERA: 'legacy' }, 'legacy');
    expect(session.info?.era).toBe('legacy');
    // The SDK's own view has no trace of it: the raw handshake is what tells.
    expect((session.info?.capabilities as Record<string, unknown>).events).toBeUndefined();
    expect(session.eventsCapability).toEqual({ declaredBy: ['top-level'], listChanged: false });
    const types = await session.eventsClient().list();
    expect(types.map((t) => [t.name, t.delivery])).toEqual([
      ['build.finished', ['push', 'poll']],
      ['ticket.created', ['poll']],
      ['relay.only', ['webhook']],
    ]);
  });

  it('reads the SEP extension key on the 2026-07-28 era, with the per-request envelope', async () => {
    const session = await connect({ EVENTS_DECLARE: 'ext' });
    expect(session.info?.era).toBe('modern');
    expect(session.eventsCapability?.declaredBy).toEqual(['extension']);
    const traffic = recordTraffic(session);
    await session.eventsClient().list();
    const sent = traffic.find(
      (t) => t.direction === 'out' && 'method' in t.message && t.message.method === 'events/list',
    );
    const meta = (sent?.message as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
    expect(meta?.['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  });

  it('sends no events/* request to a server that declared neither key', async () => {
    const session = await connect({ EVENTS_DECLARE: 'none' });
    const traffic = recordTraffic(session);
    expect(session.eventsCapability).toBeUndefined();
    const error = await rejection(session.eventsClient().list());
    expect(error.code).toBe('UNSUPPORTED');
    await new Promise((resolve) => setImmediate(resolve));
    expect(methodsSent(traffic).filter((m) => m.startsWith('events/'))).toEqual([]);
  });

  it('polls with cursors: null starts from now, hasMore pages, truncated past retention', async () => {
    const store = join(dir, 'history.json');
    await writeFile(store, JSON.stringify({ events: [event(1), event(2)] }));
    const session = await connect({ EVENTS_STORE: store, EVENTS_RETAIN: '3' });
    const client = session.eventsClient();
    const request = { name: 'build.finished', arguments: {} };
    const first = await client.poll({ ...request, cursor: null });
    expect(first).toMatchObject({ events: [], cursor: '2', hasMore: false });
    await writeFile(store, JSON.stringify({ events: [1, 2, 3, 4, 5].map((n) => event(n)) }));
    const page = await client.poll({ ...request, cursor: '2', maxEvents: 2 });
    expect(page.events.map((e) => (e as { eventId: string }).eventId)).toEqual(['evt-3', 'evt-4']);
    expect(page.hasMore).toBe(true);
    const stale = await client.poll({ ...request, cursor: '0' });
    expect(stale.truncated).toBe(true);
    const unknownType = await rejection(client.poll({ ...request, name: 'nope', cursor: null }));
    expect(unknownType.data).toMatchObject({ code: -32023, events: 'NotFound' });
  });

  it('routes push notifications by subscription id and cancels one stream only', async () => {
    const store = join(dir, 'history.json');
    await writeFile(store, JSON.stringify({ events: [] }));
    const session = await connect({ EVENTS_STORE: store, EVENTS_HEARTBEAT_MS: '100' });
    const client = session.eventsClient();
    const seen: Record<string, string[]> = { main: [], dev: [] };
    const beats: Record<string, number> = { main: 0, dev: 0 };
    const handlers = (key: 'main' | 'dev'): StreamHandlers => ({
      onActive: () => {},
      onEvent: (params) => seen[key]?.push((params as { eventId: string }).eventId),
      onHeartbeat: () => {
        beats[key] = (beats[key] ?? 0) + 1;
      },
      onError: () => {},
    });
    const main = client.stream(
      { name: 'build.finished', arguments: { branch: 'main' }, cursor: null },
      handlers('main'),
    );
    const dev = client.stream(
      { name: 'build.finished', arguments: { branch: 'dev' }, cursor: null },
      handlers('dev'),
    );
    await eventually(() => (beats.main ?? 0) > 0 && (beats.dev ?? 0) > 0);
    await writeFile(store, JSON.stringify({ events: [event(1, 'main'), event(2, 'dev')] }));
    await eventually(() => seen.main?.length === 1 && seen.dev?.length === 1);
    expect(seen).toEqual({ main: ['evt-1'], dev: ['evt-2'] });
    const traffic = recordTraffic(session);
    main.end({ kind: 'cancelled' });
    await eventually(() => methodsSent(traffic).includes('notifications/cancelled'));
    const devBeats = beats.dev ?? 0;
    await eventually(() => (beats.dev ?? 0) > devBeats + 1);
    expect(dev.isOpen).toBe(true);
    expect(await main.ended).toEqual({ kind: 'cancelled' });
  });
});
