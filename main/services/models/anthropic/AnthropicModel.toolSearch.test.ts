import { describe, expect, it } from 'vitest';
import {
  message,
  text,
  toolSearch,
  toolUse,
} from '../../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { ConversationMessage } from '../../../../shared/domain/conversationMessage';
import { API_KEY } from '../../conversation/testing/turnHarness';
import { useFakeMessagesApi } from '../../conversation/testing/useFakeMessagesApi';
import { MessageAccumulator, foundByToolSearch } from '../MessageAccumulator';
import type { ModelRequest, ModelTool } from '../ModelClient';
import { AnthropicModel } from './AnthropicModel';
import { hasApiToolSearch } from './hasApiToolSearch';

const api = useFakeMessagesApi({ expectDrained: false });

const schema = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
});
const pinned: ModelTool = {
  modelName: 'home__get_home_status',
  description: 'Overview of the home.',
  inputSchema: schema(),
};
const deferred: ModelTool[] = [
  {
    modelName: 'weather__get_daily_forecast',
    description: 'Daily weather forecast: highs, lows and chance of rain.',
    inputSchema: schema('location'),
    deferLoading: true,
  },
  {
    modelName: 'github__create_issue',
    description: 'Create a new issue in a repository.',
    inputSchema: schema('owner', 'repo', 'title'),
    deferLoading: true,
  },
];

async function run(request: ModelRequest): Promise<MessageAccumulator> {
  const model = new AnthropicModel({ apiKey: API_KEY, baseURL: api.fake.url });
  const accumulator = new MessageAccumulator();
  for await (const event of model.stream(request, new AbortController().signal)) {
    accumulator.apply(event, () => undefined);
  }
  return accumulator;
}

const base = { model: 'claude-sonnet-5-5', maxTokens: 256 };

describe('AnthropicModel with Claude’s own tool search', () => {
  it('defers tools behind the search tool and keeps the search in the reply', async () => {
    api.fake.script(
      message([
        text('Looking for a forecast tool.'),
        toolSearch('weather forecast'),
        toolUse('weather__get_daily_forecast', { location: 'Oslo' }, 'toolu_w'),
      ]),
    );
    const reply = await run({
      ...base,
      tools: [pinned, ...deferred],
      toolSearch: 'bm25',
      messages: [{ role: 'user', content: 'Will it rain in Oslo tomorrow?' }],
    });

    const body = api.fake.messageRequests[0]?.body as { tools: Record<string, unknown>[] };
    expect(body.tools.map((t) => [t.name, t.defer_loading ?? false])).toEqual([
      ['tool_search_tool_bm25', false],
      ['home__get_home_status', false],
      ['weather__get_daily_forecast', true],
      ['github__create_issue', true],
    ]);
    expect(body.tools[0]).toMatchObject({ type: 'tool_search_tool_bm25_20251119' });
    // The cache breakpoint closes what the model always sees, never a deferred tool.
    expect(body.tools.map((t) => 'cache_control' in t)).toEqual([false, true, false, false]);

    const content = reply.content({ partial: false, withToolUses: true });
    expect(content.map((b) => b.type)).toEqual([
      'text',
      'server_tool_use',
      'tool_search_tool_result',
      'tool_use',
    ]);
    expect(content[1]).toMatchObject({
      name: 'tool_search_tool_bm25',
      input: { query: 'weather forecast' },
    });
    expect(foundByToolSearch(content)[0]).toBe('weather__get_daily_forecast');
    expect(reply.stopReason).toBe('tool_use');
    expect(reply.toolUses().map((t) => t.name)).toEqual(['weather__get_daily_forecast']);
  });

  it('sends the search back with its references, dropping tools the request no longer has', async () => {
    api.fake.script(message('ok'), message('ok'));
    const history: ConversationMessage[] = [
      { role: 'user', content: 'forecast please' },
      {
        role: 'assistant',
        content: [
          {
            type: 'server_tool_use',
            id: 'srvtoolu_1',
            name: 'tool_search_tool_bm25',
            input: { query: 'x' },
          },
          {
            type: 'tool_search_tool_result',
            tool_use_id: 'srvtoolu_1',
            content: {
              type: 'tool_search_tool_search_result',
              tool_references: [
                { type: 'tool_reference', tool_name: 'weather__get_daily_forecast' },
                { type: 'tool_reference', tool_name: 'gone__tool' },
              ],
            },
          },
          { type: 'tool_use', id: 'toolu_1', name: 'weather__get_daily_forecast', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [{ type: 'text', text: 'rain' }],
          },
        ],
      },
    ];
    // The fake refuses references to tools it does not have, and calls of deferred tools
    // no search loaded: both requests pass only if the history is right.
    await run({ ...base, tools: [pinned, ...deferred], toolSearch: 'bm25', messages: history });
    const sent = api.fake.messageRequests[0]?.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(sent.messages[1])).not.toContain('gone__tool');

    // Every tool loaded (search off): the earlier search is told as text.
    await run({
      ...base,
      tools: [pinned, ...deferred.map((t) => ({ ...t, deferLoading: false }))],
      messages: history,
    });
    const plain = api.fake.messageRequests[1]?.body as {
      messages: { content: { type: string; text?: string }[] }[];
      tools: unknown[];
    };
    expect(plain.messages[1]?.content.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(plain.messages[1]?.content[0]?.text).toContain('weather__get_daily_forecast');
    expect(JSON.stringify(plain.tools)).not.toContain('defer_loading');
  });

  it('knows which models have the API’s tool search', () => {
    for (const id of [
      'claude-sonnet-4-5',
      'claude-sonnet-4-5-20250929',
      'claude-haiku-4-5-20251001',
      'claude-opus-4-6',
      'claude-sonnet-5-5',
      'claude-fable-5',
      'claude-opus-5-5@20261020',
    ]) {
      expect(hasApiToolSearch(id), id).toBe(true);
    }
    for (const id of [
      'claude-sonnet-4-0',
      'claude-opus-4-1',
      'claude-sonnet-4-20250514',
      'claude-3-7-sonnet-latest',
      'claude-3-5-haiku-20241022',
      'deepseek-chat',
      'my-proxy-alias',
    ]) {
      expect(hasApiToolSearch(id), id).toBe(false);
    }
  });
});
