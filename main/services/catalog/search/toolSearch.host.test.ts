import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import type { RecordedRequest } from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import {
  lastToolResults,
  message,
  toolUse,
} from '../../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { searchThenCall } from '../../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import type { HostCore } from '../../createHostCore';
import { startTestHost, type TestHost } from '../../testing/startTestHost';
import { largeCatalogueServers } from './testing/largeCatalogueServers';

/** "At most a few dozen definitions" in a request the model reads. */
const FEW_DOZEN = 40;
const FORECAST = 'weather__get_daily_forecast';
/** A Claude model without the API's own tool search: ours is used. */
const OLDER_CLAUDE = 'anthropic/claude-sonnet-4-0';

interface SentTool {
  name: string;
  defer_loading?: boolean;
}
const toolsOf = (request: RecordedRequest | undefined): SentTool[] =>
  (request?.body as { tools?: SentTool[] } | undefined)?.tools ?? [];
const seen = (request: RecordedRequest | undefined): string[] =>
  toolsOf(request)
    .filter((tool) => !tool.defer_loading)
    .map((tool) => tool.name);

let fake: FakeAnthropic;
let host: TestHost;
let core: HostCore;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  host = await startTestHost(fake, largeCatalogueServers());
  core = host.core;
}, 60_000);
afterEach(() => {
  fake.reset();
});
afterAll(async () => {
  await core.dispose();
  await fake.close();
});

async function approveNext(scope: 'once' | 'always'): Promise<string> {
  await expect.poll(() => core.broker.pending().length, { timeout: 10_000 }).toBe(1);
  const request = core.broker.pending()[0];
  await core.broker.respond(request?.id ?? '', { kind: 'allow', scope });
  return request?.modelName ?? '';
}

describe('tool search over 30 servers × 100 tools, server-everything and server-filesystem', () => {
  it('has every server up with its tools', () => {
    const entries = core.mcp.catalogEntries();
    expect(core.mcp.servers().every((s) => s.status.kind === 'ready')).toBe(true);
    expect(entries.length).toBeGreaterThan(3_010);
    expect(entries.some((e) => e.server === 'everything')).toBe(true);
    expect(entries.some((e) => e.server === 'filesystem')).toBe(true);
  });

  it('Claude’s own search: the model sees the search tool and the pinned tools, finds a deferred tool, calls it, the person approves, it runs', async () => {
    fake.script(
      ...searchThenCall({
        query: 'weather daily forecast',
        name: FORECAST,
        input: { location: 'Oslo', days: 2 },
      }),
    );

    const { id } = core.conversations.create();
    core.conversations.send(id, 'Will it rain in Oslo tomorrow?');
    expect(await approveNext('always')).toBe(FORECAST);
    const result = await core.conversations.settled(id);
    expect(result?.stop.reason).toBe('end_turn');

    for (const request of fake.messageRequests) {
      expect(seen(request).length).toBeLessThanOrEqual(FEW_DOZEN);
      expect(toolsOf(request).length).toBeGreaterThan(3_000);
    }
    expect(seen(fake.messageRequests[0])).toEqual(
      expect.arrayContaining([
        'tool_search_tool_bm25',
        'github__search_code',
        'home__get_home_status',
      ]),
    );
    const stored = core.conversations.get(id);
    expect(stored.toolCalls).toHaveLength(1);
    expect(stored.toolCalls[0]).toMatchObject({
      server: 'weather',
      tool: 'get_daily_forecast',
      status: 'done',
    });
    expect(stored.messages.at(-1)?.content).toEqual([
      {
        type: 'text',
        text: 'The tool said: Weather get_daily_forecast done with {"location":"Oslo","days":2}',
      },
    ]);
    const usage = stored.messages[1]?.usage?.tools;
    expect(usage).toMatchObject({ loading: 'api-search' });
    expect(usage?.deferred).toBeGreaterThan(3_000);
    expect(usage?.sent).toBeLessThanOrEqual(FEW_DOZEN);
    // What the search found stays loaded for the conversation.
    expect(core.toolSearch.loaded(id)).toContain(FORECAST);
  }, 30_000);

  it('our search for other models: requests carry the search tool, the pinned tools and what was found; the grant still applies', async () => {
    fake.script(
      message([toolUse('search_tools', { query: 'daily weather forecast' })]),
      (request) => {
        // The found tool is offered in full from the next step on.
        const offered = seen(request);
        if (!offered.includes(FORECAST)) return message(`missing ${FORECAST}`);
        return message([toolUse(FORECAST, { location: 'Lisbon' })]);
      },
      (request) => message(`Done: ${lastToolResults(request)[0]?.text ?? ''}`),
      (request) => message(seen(request).includes(FORECAST) ? 'still loaded' : 'forgotten'),
    );
    const { id } = core.conversations.create();
    core.conversations.send(id, 'Forecast for Lisbon?', OLDER_CLAUDE);
    // The "always" grant of the previous test covers the tool found through search: no question.
    const result = await core.conversations.settled(id);
    expect(result?.stop.reason).toBe('end_turn');
    expect(core.broker.pending()).toEqual([]);

    const [first, second] = fake.messageRequests;
    expect(seen(first)).toEqual(
      expect.arrayContaining(['search_tools', 'github__search_code', 'home__get_home_status']),
    );
    expect(seen(first)).not.toContain(FORECAST);
    expect(seen(second)).toContain(FORECAST);
    for (const request of fake.messageRequests) {
      expect(toolsOf(request).length).toBeLessThanOrEqual(FEW_DOZEN);
      expect(toolsOf(request).some((tool) => tool.defer_loading)).toBe(false);
    }
    const stored = core.conversations.get(id);
    // The usage line counts what the search held back, not only what was sent.
    const usage = stored.messages[1]?.usage?.tools;
    expect(usage).toMatchObject({ loading: 'search' });
    expect((usage?.sent ?? 0) + (usage?.deferred ?? 0)).toBe(core.mcp.catalogEntries().length + 1);
    expect(stored.toolCalls.map((call) => [call.server, call.tool, call.status])).toEqual([
      ['Switchboard', 'search_tools', 'done'],
      ['weather', 'get_daily_forecast', 'done'],
    ]);
    expect(stored.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'Done: Weather get_daily_forecast done with {"location":"Lisbon"}' },
    ]);

    // The next turn of the conversation starts with the tool still loaded.
    core.conversations.send(id, 'And the day after?', OLDER_CLAUDE);
    await core.conversations.settled(id);
    expect(core.conversations.get(id).messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'still loaded' },
    ]);
  }, 30_000);

  it('forced off for one conversation: every definition goes, and the usage says so', async () => {
    fake.script(message('All tools here.'));
    // Chosen in the new chat before its first message: the conversation starts with it.
    const { id } = core.conversations.create(undefined, 'off');
    expect(core.toolSearch.conversationMode(id)).toBe('off');
    core.conversations.send(id, 'hi', OLDER_CLAUDE);
    await core.conversations.settled(id);
    const request = fake.messageRequests[0];
    expect(toolsOf(request).length).toBe(core.mcp.catalogEntries().length);
    expect(core.conversations.get(id).messages[1]?.usage?.tools).toMatchObject({
      loading: 'all',
      deferred: 0,
    });
  }, 30_000);
});
