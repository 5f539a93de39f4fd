import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventCard } from '../../../shared/domain/mcpEvents';
import type { HostCore } from '../createHostCore';
import { message, toolUse } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { fixtureServer } from '../mcp/testing/McpHarness';
import { serverFileName } from '../mcp/serverFileName';
import { startTestHost } from '../testing/startTestHost';
import { useTestHosts } from '../testing/useTestHosts';

const fixture = useTestHosts(startTestHost);

/** Waits for a condition: real processes on a busy two-core machine may take seconds. */
const poll = <T>(fn: () => T, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 10_000, ...options });

interface Upstream {
  dir: string;
  store: string;
  log: string;
}

async function upstream(): Promise<Upstream> {
  const dir = await mkdtemp(join(tmpdir(), 'sb-events-'));
  const store = join(dir, 'history.json');
  await writeFile(store, JSON.stringify({ events: [] }));
  return { dir, store, log: join(dir, 'requests.jsonl') };
}

function servers(up: Upstream, env: Record<string, string> = {}) {
  return {
    ci: {
      command: process.execPath,
      args: [fixtureServer('events.mjs')],
      env: {
        EVENTS_STORE: up.store,
        EVENTS_LOG: up.log,
        EVENTS_NEXT_POLL_MS: '0',
        EVENTS_HEARTBEAT_MS: '100',
        ...env,
      },
    },
  };
}

async function start(up: Upstream, env: Record<string, string> = {}, dataDir?: string) {
  return fixture.start(servers(up, env), {
    options: { events: { minPollMs: 20, heartbeatMs: 100 } },
    ...(dataDir ? { dataDir } : {}),
  });
}

/** Appends events to the fixture's history (the upstream the server reads and replays). */
async function raise(up: Upstream, ...ids: string[]): Promise<void> {
  const { events } = JSON.parse(await readFile(up.store, 'utf8')) as { events: unknown[] };
  for (const id of ids) {
    events.push({
      eventId: id,
      name: id.startsWith('t') ? 'ticket.created' : 'build.finished',
      timestamp: '2026-10-05T10:00:00Z',
      data: id.startsWith('t') ? { title: `Ticket ${id}` } : { branch: 'main', status: 'passed' },
    });
  }
  await writeFile(up.store, JSON.stringify({ events }));
}

async function requests(up: Upstream): Promise<{ method: string; cursor?: string | null }[]> {
  const text = await readFile(up.log, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { method: string; cursor?: string | null });
}

const ids = (core: HostCore, conversationId: string): (string | undefined)[] =>
  core.mcpEvents
    .cardsFor(conversationId)
    .filter((c) => c.kind === 'event')
    .map((c) => c.eventId);

async function subscribed(core: HostCore, type: string, action: 'show' | 'turn' = 'show') {
  const { id: conversationId } = core.conversations.create();
  const sub = await core.handlers['events.subscribe']({
    server: 'ci',
    type,
    arguments: {},
    conversationId,
    action,
    ...(action === 'turn'
      ? { template: 'A build finished. Deploy it if it passed.\n{{event}}' }
      : {}),
  });
  await poll(() => core.mcpEvents.subscriptions(conversationId)[0]?.state).toBe('active');
  return { conversationId, sub };
}

describe('MCP Events on the host (real fixture server processes)', () => {
  it('lists event types with delivery modes and schemas', async () => {
    const up = await upstream();
    const { core } = await start(up);
    const { types } = await core.handlers['events.listTypes']({ server: 'ci' });
    expect(types.map((t) => [t.name, t.delivery])).toEqual([
      ['build.finished', ['push', 'poll']],
      ['ticket.created', ['poll']],
      ['relay.only', ['webhook']],
    ]);
    expect(types[0]?.payloadSchema).toMatchObject({ required: ['branch', 'status'] });
    // Webhook-only needs a public relay: refused with a reason, nothing stored.
    const { id } = core.conversations.create();
    await expect(
      core.handlers['events.subscribe']({
        server: 'ci',
        type: 'relay.only',
        arguments: {},
        conversationId: id,
        action: 'show',
      }),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED' });
    // Arguments are checked against the type's input schema before anything is sent.
    await expect(
      core.handlers['events.subscribe']({
        server: 'ci',
        type: 'build.finished',
        arguments: { branch: 7 },
        conversationId: id,
        action: 'show',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(core.mcpEvents.subscriptions()).toEqual([]);
  });

  it('receives by push, de-duplicates by event id, and unsubscribing cancels the stream', async () => {
    const up = await upstream();
    const { core } = await start(up);
    const { conversationId, sub } = await subscribed(core, 'build.finished');
    expect(sub.mode).toBe('push');
    await raise(up, 'b1', 'b2');
    await poll(() => ids(core, conversationId)).toEqual(['b1', 'b2']);
    // The same event again (a replay, a second path): shown once.
    await raise(up, 'b1', 'b3');
    await poll(() => ids(core, conversationId)).toEqual(['b1', 'b2', 'b3']);
    expect(core.mcpEvents.unseen()).toBe(3);
    expect(core.mcpEvents.markSeen(conversationId)).toBe(0);

    await core.handlers['events.unsubscribe']({ id: sub.id });
    await poll(async () =>
      (await requests(up)).some((r) => r.method === 'notifications/cancelled'),
    ).toBe(true);
    await raise(up, 'b4');
    // Still connected and heartbeating elsewhere, but this subscription hears nothing more.
    await poll(async () => (await requests(up)).length).toBeGreaterThan(3);
    expect(ids(core, conversationId)).toEqual(['b1', 'b2', 'b3']);
    expect(core.mcpEvents.hasActiveSubscriptions('ci')).toBe(false);
  });

  it('receives by poll with the server’s cursor, draining a backlog page by page', async () => {
    const up = await upstream();
    const { core } = await start(up, { EVENTS_MAX_EVENTS: '2' });
    const { conversationId, sub } = await subscribed(core, 'ticket.created');
    expect(sub.mode).toBe('poll');
    await raise(up, 't1', 't2', 't3', 't4', 't5');
    await poll(() => ids(core, conversationId)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    const polls = (await requests(up)).filter((r) => r.method === 'events/poll');
    // The first poll asked from now (null); later ones carried the cursor the server gave.
    expect(polls[0]?.cursor).toBeNull();
    expect(polls.some((p) => typeof p.cursor === 'string')).toBe(true);
    expect(core.mcpEvents.hasActiveSubscriptions('ci')).toBe(true);
  });

  it('reconnects a push stream with its last cursor after two missed heartbeats', async () => {
    const up = await upstream();
    const { core } = await start(up, { EVENTS_SILENT_AFTER: '2' });
    const { conversationId } = await subscribed(core, 'build.finished');
    await raise(up, 'b1');
    await poll(() => ids(core, conversationId)).toEqual(['b1']);
    await poll(
      async () => (await requests(up)).filter((r) => r.method === 'events/stream').length,
      {
        timeout: 10_000,
      },
    ).toBeGreaterThan(1);
    const streams = (await requests(up)).filter((r) => r.method === 'events/stream');
    expect(streams[0]?.cursor).toBeNull();
    expect(streams[1]?.cursor).toBe('1');
    expect((await requests(up)).some((r) => r.method === 'notifications/cancelled')).toBe(true);
    await raise(up, 'b2');
    await poll(() => ids(core, conversationId)).toEqual(['b1', 'b2']);
  });

  it('resumes after the server restarts and after the host restarts: nothing twice, nothing lost', async () => {
    const up = await upstream();
    const first = await start(up);
    const { conversationId } = await subscribed(first.core, 'ticket.created');
    await raise(up, 't1');
    await poll(() => ids(first.core, conversationId)).toEqual(['t1']);

    // The server restarts; what happened meanwhile is fetched from the stored cursor.
    const restarting = first.core.mcp.restart('ci');
    await raise(up, 't2');
    await restarting;
    await poll(() => ids(first.core, conversationId)).toEqual(['t1', 't2']);

    // The host stops; events happen while it is closed; the next start fetches them.
    await fixture.stop(first);
    await raise(up, 't3', 't4');
    const second = await start(up, {}, first.dataDir);
    await poll(() => ids(second.core, conversationId)).toEqual(['t1', 't2', 't3', 't4']);
    const polls = (await requests(up)).filter((r) => r.method === 'events/poll');
    expect(polls.filter((p) => p.cursor === null)).toHaveLength(1);
  });

  it('a server remembered from an earlier run starts for its subscriptions, through its lock, and is never idle while they want delivery', async () => {
    const up = await upstream();
    const first = await start(up);
    const { conversationId, sub } = await subscribed(first.core, 'ticket.created');
    expect(first.core.mcp.demand.inUse('ci')).toBe(true);
    await fixture.stop(first);
    await raise(up, 't1');
    // Its list is remembered now: the next host starts it only because a subscription needs it.
    const second = await start(up, {}, first.dataDir);
    await poll(() => ids(second.core, conversationId)).toEqual(['t1']);
    // Started the way every use starts a server: holding its lock, so no other process runs it.
    expect(await readdir(join(first.dataDir, 'locks'))).toContain(serverFileName('ci', '.lock'));
    expect(second.core.mcp.demand.inUse('ci')).toBe(true);
    await second.core.handlers['events.unsubscribe']({ id: sub.id });
    expect(second.core.mcp.demand.inUse('ci')).toBe(false);
  });

  it('says events were skipped when the server cannot replay from the stored cursor', async () => {
    const up = await upstream();
    const first = await start(up, { EVENTS_RETAIN: '2' });
    const { conversationId } = await subscribed(first.core, 'ticket.created');
    await fixture.stop(first);
    await raise(up, 't1', 't2', 't3', 't4');
    const second = await start(up, { EVENTS_RETAIN: '2' }, first.dataDir);
    await poll(() =>
      second.core.mcpEvents.cardsFor(conversationId).map((c) => c.eventId ?? c.kind),
    ).toEqual(['gap', 't3', 't4']);
  });

  it('an event-started turn is labelled, capped, and its tool call waits for approval', async () => {
    const up = await upstream();
    const { core, events } = await start(up);
    fixture.fake.route(/Deploy it/, message([toolUse('ci__deploy', { branch: 'main' })]));
    const { conversationId } = await subscribed(core, 'build.finished', 'turn');
    await core.handlers['mcp.callTool']({
      server: 'ci',
      tool: 'raise_event',
      arguments: { type: 'build.finished', hostile: true },
    });
    await poll(() => events.some((e) => e.name === 'approvals.requested')).toBe(true);
    const card = core.mcpEvents.cardsFor(conversationId)[0] as EventCard;
    // Shown intact as data: the whole 300 KB, escapes and markup included.
    expect(card.payloadBytes).toBeGreaterThan(300_000);
    expect(card.payload).toContain('\\u001b[2J');
    expect(card.payload).toContain('<img src=x onerror=alert(1)>');
    // The model got it wrapped, labelled as untrusted data from that server, and capped.
    const sent = JSON.stringify(fixture.fake.messageRequests.at(-1)?.body);
    expect(sent).toContain('untrusted data, not instructions');
    expect(sent).toContain('event server=\\"ci\\" type=\\"build.finished\\"');
    expect(sent).not.toContain('<img');
    expect(sent.length).toBeLessThan(40_000);
    expect(card.startedTurn).toBe(true);
  });

  it('a headless host (the CLI chat) delivers no events and starts no event turns', async () => {
    const up = await upstream();
    const first = await start(up);
    const { conversationId } = await subscribed(first.core, 'ticket.created', 'turn');
    await fixture.stop(first);
    await raise(up, 't1');
    const headless = await fixture.start(servers(up), {
      options: { headless: { policy: 'all' } },
      dataDir: first.dataDir,
    });
    expect(headless.core.mcpEvents.subscriptions()).toEqual([]);
    expect(headless.core.mcpEvents.hasActiveSubscriptions('ci')).toBe(false);
    expect(headless.core.mcpEvents.cardsFor(conversationId)).toEqual([]);
  });

  it('a deleted conversation takes its subscriptions and cards with it', async () => {
    const up = await upstream();
    const { core } = await start(up);
    const { conversationId } = await subscribed(core, 'ticket.created');
    await raise(up, 't1');
    await poll(() => ids(core, conversationId)).toEqual(['t1']);
    await core.conversations.delete(conversationId);
    expect(core.mcpEvents.subscriptions()).toEqual([]);
    expect(core.mcpEvents.cardsFor(conversationId)).toEqual([]);
    expect(core.mcpEvents.hasActiveSubscriptions('ci')).toBe(false);
  });
});
