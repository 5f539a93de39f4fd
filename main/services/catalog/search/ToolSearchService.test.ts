import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TOOL_SEARCH, type ToolSearchSettings } from '../../../../shared/domain/toolSearch';
import { createLogger } from '../../../platform/Logger';
import type { ConversationStore } from '../../store/ConversationStore';
import { TempStoreDir } from '../../store/testing/TempStoreDir';
import type { HostTool } from '../HostTool';
import type { Tool } from '../../mcp/session/mcpTypes';
import { modelToolName } from '../../base/modelToolName';
import { ToolCatalog, type CatalogEntry } from '../../mcp/tools/ToolCatalog';
import { computeCatalogCosts } from './computeCatalogCosts';
import { decideToolLoading } from './decideToolLoading';
import { MAX_LOADED_TOOLS, ToolSearchService } from './ToolSearchService';

const log = createLogger({ consoleLevel: 'silent' });

function entry(
  server: string,
  name: string,
  description = `${name} things`,
  meta?: Record<string, unknown>,
): CatalogEntry {
  const tool: Tool = {
    name,
    description,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
    ...(meta ? { _meta: meta } : {}),
  };
  return { modelName: modelToolName(server, name), server, tool };
}

/** 60 tools: more than the default threshold of 40. */
const many = [
  ...Array.from({ length: 58 }, (_, i) => entry('bulk', `tool_${i}`)),
  entry('weather', 'get_forecast', 'Daily weather forecast for a city'),
  entry('home', 'status', 'Overview of the home', { 'anthropic/alwaysLoad': true }),
];

describe('decideToolLoading', () => {
  const decide = (over: Partial<Parameters<typeof decideToolLoading>[0]>) =>
    decideToolLoading({
      tools: 10,
      tokens: 1_000,
      settings: DEFAULT_TOOL_SEARCH,
      conversation: 'default',
      apiSearchAvailable: false,
      ...over,
    });

  it('sends everything below both thresholds and searches above either', () => {
    expect(decide({})).toEqual({ loading: 'all', reason: 'below-threshold' });
    expect(decide({ tools: 41 })).toEqual({ loading: 'search', reason: 'above-threshold' });
    expect(decide({ tokens: 10_001 })).toEqual({ loading: 'search', reason: 'above-threshold' });
    expect(decide({ tools: 0 })).toEqual({ loading: 'all', reason: 'no-tools' });
  });

  it('lets the conversation override the settings, and the settings override auto', () => {
    expect(decide({ conversation: 'on' })).toMatchObject({
      loading: 'search',
      reason: 'forced-on',
    });
    expect(decide({ tools: 500, conversation: 'off' })).toMatchObject({
      loading: 'all',
      reason: 'forced-off',
    });
    const off: ToolSearchSettings = { ...DEFAULT_TOOL_SEARCH, mode: 'off' };
    expect(decide({ tools: 500, settings: off })).toMatchObject({
      loading: 'all',
      reason: 'forced-off',
    });
    expect(decide({ settings: { ...off, mode: 'on' } })).toMatchObject({ reason: 'forced-on' });
  });

  it('uses the provider’s own search only where the model has it and the settings allow', () => {
    expect(decide({ tools: 500, apiSearchAvailable: true })).toMatchObject({
      loading: 'api-search',
    });
    const ours = { ...DEFAULT_TOOL_SEARCH, useApiSearch: false };
    expect(decide({ tools: 500, apiSearchAvailable: true, settings: ours })).toMatchObject({
      loading: 'search',
    });
  });
});

describe('ToolSearchService', () => {
  let temp: TempStoreDir;
  let store: ConversationStore;
  let catalog: ToolCatalog;
  let settings: ToolSearchSettings;
  let service: ToolSearchService;

  beforeEach(async () => {
    temp = new TempStoreDir();
    store = temp.open();
    catalog = new ToolCatalog(join(temp.dir, 'tools.json'), log);
    await catalog.load();
    settings = DEFAULT_TOOL_SEARCH;
    service = new ToolSearchService({ settings: () => settings, catalog, store, log });
  });
  afterEach(() => temp.cleanup());

  it('offers the search tool and the always-loaded tools, then what a search found, kept for the conversation', async () => {
    const { id } = store.createConversation();
    const plan = service.plan({ conversationId: id, entries: many, apiSearchAvailable: false });
    expect(plan.loading).toBe('search');
    expect(plan.request().tools.map((t) => t.modelName)).toEqual(['search_tools', 'home__status']);
    expect(plan.callable).toHaveLength(61);

    const search = plan.hostTools.find((host) => host.tool.modelName === 'search_tools');
    const outcome = await search?.run({
      conversationId: id,
      toolUseId: 't1',
      input: { query: 'weather forecast', limit: 1 },
      signal: new AbortController().signal,
    });
    expect(outcome?.content[0]).toMatchObject({
      text: expect.stringContaining('weather__get_forecast') as string,
    });
    expect(plan.request().tools.map((t) => t.modelName)).toEqual([
      'search_tools',
      'home__status',
      'weather__get_forecast',
    ]);
    // A new turn of the same conversation starts with it loaded.
    const next = service.plan({ conversationId: id, entries: many, apiSearchAvailable: false });
    expect(next.request().tools.map((t) => t.modelName)).toContain('weather__get_forecast');
    // Another conversation does not.
    const other = store.createConversation();
    const fresh = service.plan({
      conversationId: other.id,
      entries: many,
      apiSearchAvailable: false,
    });
    expect(fresh.request().tools.map((t) => t.modelName)).not.toContain('weather__get_forecast');
  });

  it('answers a search without words or without matches with what to do instead', async () => {
    const { id } = store.createConversation();
    const plan = service.plan({ conversationId: id, entries: many, apiSearchAvailable: false });
    const search = plan.hostTools[0];
    const run = (input: unknown) =>
      search?.run({
        conversationId: id,
        toolUseId: 't',
        input,
        signal: new AbortController().signal,
      });
    expect(await run({})).toMatchObject({ isError: true });
    expect((await run({ query: 'zzzqqq' }))?.content[0]).toMatchObject({
      text: expect.stringContaining('No tool matched') as string,
    });
    expect(plan.request().tools).toHaveLength(2);
  });

  it('defers every tool but the pinned ones behind the provider’s search', async () => {
    await catalog.setAlwaysLoaded('bulk', 'tool_3', true);
    // The person can unpin what the server asked to keep loaded.
    await catalog.setAlwaysLoaded('home', 'status', false);
    const { id } = store.createConversation();
    const plan = service.plan({ conversationId: id, entries: many, apiSearchAvailable: true });
    const request = plan.request();
    expect(request.toolSearch).toBe('bm25');
    expect(request.tools.filter((t) => !t.deferLoading).map((t) => t.modelName)).toEqual([
      'bulk__tool_3',
    ]);
    expect(request.tools).toHaveLength(60);
    plan.found(['weather__get_forecast']);
    expect(service.loaded(id)).toEqual(['weather__get_forecast']);
  });

  it('searches a changed description in its new words, even at the same length', async () => {
    const { id } = store.createConversation();
    const find = async (entries: CatalogEntry[], query: string): Promise<string> => {
      const plan = service.plan({ conversationId: id, entries, apiSearchAvailable: false });
      const outcome = await plan.hostTools[0]?.run({
        conversationId: id,
        toolUseId: 't',
        input: { query, limit: 1 },
        signal: new AbortController().signal,
      });
      const first = outcome?.content[0];
      return first?.type === 'text' ? first.text : '';
    };
    const before = entry('weather', 'get_forecast', 'Daily weather forecast for a city');
    const after = entry('weather', 'get_forecast', 'Hourly tide table for the harbour');
    expect(after.tool.description?.length).toBe(before.tool.description?.length);
    const withTool = (tool: CatalogEntry) => [...many.slice(0, 58), tool];
    expect(await find(withTool(before), 'weather forecast')).toContain('weather__get_forecast');
    expect(await find(withTool(after), 'tide table harbour')).toContain('weather__get_forecast');
  });

  it('offers the host’s own tools (loading skills) in full whichever way the catalogue goes', () => {
    const skill: HostTool = {
      tool: { modelName: 'load_skill', description: 'Loads a skill.', inputSchema: {} },
      origin: { server: 'Switchboard', tool: 'load_skill' },
      run: () => Promise.resolve({ content: [] }),
    };
    const { id } = store.createConversation();
    const plan = (apiSearchAvailable: boolean) =>
      service.plan({ conversationId: id, entries: many, hostTools: [skill], apiSearchAvailable });
    const ours = plan(false);
    expect(ours.request().tools.map((t) => t.modelName)).toEqual([
      'search_tools',
      'load_skill',
      'home__status',
    ]);
    expect(ours.hostTools.map((h) => h.tool.modelName)).toEqual(['search_tools', 'load_skill']);
    const claude = plan(true).request().tools;
    expect(claude.find((t) => t.modelName === 'load_skill')?.deferLoading).toBeUndefined();
    expect(claude.filter((t) => t.deferLoading)).toHaveLength(59);
  });

  it('keeps at most the newest loaded tools', () => {
    const { id } = store.createConversation();
    const plan = service.plan({ conversationId: id, entries: many, apiSearchAvailable: false });
    const names = many.slice(0, 58).map((e) => e.modelName);
    plan.found(names);
    expect(service.loaded(id)).toHaveLength(MAX_LOADED_TOOLS);
    expect(service.loaded(id).at(-1)).toBe(names.at(-1));
  });

  it('counts the definitions per server, in total and as a request would carry them', async () => {
    await catalog.setAlwaysLoaded('bulk', 'tool_1', true);
    const costs = computeCatalogCosts(service, {
      entries: many,
      apiSearchAvailable: false,
      model: 'anthropic/claude-sonnet-4-0',
      contextWindow: 200_000,
    });
    const bulk = costs.servers.find((s) => s.server === 'bulk');
    expect(bulk).toMatchObject({ tools: 58, alwaysLoaded: 1 });
    expect(bulk?.tokens).toBeGreaterThan(58 * 10);
    expect(costs.total.tools).toBe(60);
    expect(costs.total.tokens).toBe(costs.servers.reduce((sum, s) => sum + s.tokens, 0));
    expect(costs.plan).toMatchObject({
      loading: 'search',
      reason: 'above-threshold',
      sentTools: 3,
    });
    expect(costs.plan.sentTokens).toBeLessThan(costs.total.tokens);
    expect(costs.context).toMatchObject({
      window: 200_000,
      projectedTokens: costs.plan.sentTokens,
    });

    settings = { ...DEFAULT_TOOL_SEARCH, mode: 'off' };
    const all = computeCatalogCosts(service, { entries: many, apiSearchAvailable: false });
    expect(all.plan).toMatchObject({ loading: 'all', sentTools: 60, sentTokens: all.total.tokens });
    // A new chat's own choice counts before the conversation exists.
    const newChat = computeCatalogCosts(service, {
      entries: many,
      apiSearchAvailable: false,
      mode: 'on',
    });
    expect(newChat).toMatchObject({ conversationMode: 'on', plan: { loading: 'search' } });
  });
});
