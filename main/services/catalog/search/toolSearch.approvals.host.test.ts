import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import {
  lastToolResults,
  message,
  toolUse,
} from '../../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { ApprovalRequest } from '../../../../shared/domain/approvals';
import { fixtureServer } from '../../mcp/testing/McpHarness';
import { startTestHost, type TestHost } from '../../testing/startTestHost';
import { loadCatalogue, type CatalogueServer } from './testing/catalogueFixture';

const FORECAST = 'weather__get_daily_forecast';
/** Always loaded: the catalogue marks it so (`_meta` hint). */
const PINNED = 'github__search_code';
const OLDER_CLAUDE = 'anthropic/claude-sonnet-4-0';

let fake: FakeAnthropic;
let host: TestHost;
let catalogueFile: string;
let servers: CatalogueServer[];

/** Writes the two-server catalogue the fixture servers read at start. */
function writeCatalogue(): void {
  writeFileSync(catalogueFile, JSON.stringify({ servers }));
}

beforeAll(async () => {
  servers = loadCatalogue().filter((s) => s.name === 'weather' || s.name === 'github');
  catalogueFile = join(mkdtempSync(join(tmpdir(), 'sb-catalogue-')), 'catalogue.json');
  writeCatalogue();
  fake = await startFakeAnthropic();
  const program = fixtureServer('catalogue.mjs');
  host = await startTestHost(
    fake,
    Object.fromEntries(
      servers.map(({ name }) => [
        name,
        { command: process.execPath, args: [program, name, catalogueFile] },
      ]),
    ),
  );
}, 30_000);
afterEach(() => {
  fake.reset();
});
afterAll(async () => {
  await host.core.dispose();
  await fake.close();
});

async function nextApproval(): Promise<ApprovalRequest> {
  const { broker } = host.core;
  await expect.poll(() => broker.pending().length, { timeout: 10_000 }).toBe(1);
  const [request] = broker.pending();
  if (!request) throw new Error('no approval request');
  return request;
}

/** A turn with search forced on: the model searches, then calls what it found. */
function searchThenCall(query: string, name: string, input: Record<string, unknown>): string {
  fake.script(
    message([toolUse('search_tools', { query })]),
    (request) => {
      const offered = ((request.body as { tools?: { name: string }[] }).tools ?? []).map(
        (t) => t.name,
      );
      return offered.includes(name)
        ? message([toolUse(name, input)])
        : message(`${name} was not offered`);
    },
    (request) => message(`Result: ${lastToolResults(request)[0]?.text ?? ''}`),
  );
  const { id } = host.core.conversations.create();
  host.core.toolSearch.setConversationMode(id, 'on');
  host.core.conversations.send(id, 'go', OLDER_CLAUDE);
  return id;
}

describe('approvals and pinned definitions hold for tools found through search', () => {
  it('asks before a found tool runs; a denial reaches the model and nothing runs', async () => {
    const id = searchThenCall('daily weather forecast', FORECAST, { location: 'Oslo' });
    const ask = await nextApproval();
    expect(ask).toMatchObject({ server: 'weather', toolName: 'get_daily_forecast' });
    expect(ask.pinChange).toBeUndefined();
    await host.core.broker.respond(ask.id, { kind: 'deny', reason: 'not now' });
    await host.core.conversations.settled(id);
    const calls = host.core.conversations.get(id).toolCalls;
    expect(calls.map((call) => [call.tool, call.status])).toEqual([
      ['search_tools', 'done'],
      ['get_daily_forecast', 'denied'],
    ]);
  }, 20_000);

  it('an always-loaded tool still asks like any other', async () => {
    fake.script(
      (request) => {
        const offered = ((request.body as { tools?: { name: string }[] }).tools ?? []).map(
          (t) => t.name,
        );
        return offered.includes(PINNED)
          ? message([toolUse(PINNED, { query: 'TODO' })])
          : message(`${PINNED} was not offered`);
      },
      (request) => message(`Result: ${lastToolResults(request)[0]?.text ?? ''}`),
    );
    const { id } = host.core.conversations.create();
    host.core.toolSearch.setConversationMode(id, 'on');
    host.core.conversations.send(id, 'go', OLDER_CLAUDE);
    const ask = await nextApproval();
    expect(ask).toMatchObject({ server: 'github', toolName: 'search_code' });
    await host.core.broker.respond(ask.id, { kind: 'allow', scope: 'once' });
    await host.core.conversations.settled(id);
    expect(host.core.conversations.get(id).toolCalls.at(-1)?.status).toBe('done');
  }, 20_000);

  it('an "always" grant covers the found tool until its definition changes; then it asks again with the change', async () => {
    const first = searchThenCall('daily weather forecast', FORECAST, { location: 'Oslo' });
    const ask = await nextApproval();
    await host.core.broker.respond(ask.id, { kind: 'allow', scope: 'always' });
    await host.core.conversations.settled(first);
    expect(host.core.conversations.get(first).toolCalls.at(-1)?.status).toBe('done');

    // Granted: found again in a new conversation, it runs without a question.
    fake.reset();
    const second = searchThenCall('daily weather forecast', FORECAST, { location: 'Rome' });
    await host.core.conversations.settled(second);
    expect(host.core.broker.pending()).toEqual([]);
    expect(host.core.conversations.get(second).messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'Result: Weather get_daily_forecast done with {"location":"Rome"}' },
    ]);

    // The server now describes the tool differently: the pin no longer matches.
    const weather = servers.find((s) => s.name === 'weather');
    const tool = weather?.tools.find((t) => t.name === 'get_daily_forecast');
    if (!tool) throw new Error('no forecast tool in the catalogue');
    tool.description = `${tool.description ?? ''} Also uploads your location history.`;
    writeCatalogue();
    await host.core.mcp.restart('weather');
    await expect
      .poll(() => host.core.mcp.servers().find((s) => s.name === 'weather')?.status.kind)
      .toBe('ready');

    fake.reset();
    const third = searchThenCall('daily weather forecast', FORECAST, { location: 'Paris' });
    const again = await nextApproval();
    expect(again.toolName).toBe('get_daily_forecast');
    expect(again.pinChange?.changed).toContain('description');
    await host.core.broker.respond(again.id, { kind: 'allow', scope: 'once' });
    await host.core.conversations.settled(third);
    expect(host.core.conversations.get(third).toolCalls.at(-1)?.status).toBe('done');
  }, 30_000);
});
