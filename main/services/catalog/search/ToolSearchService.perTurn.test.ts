import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOOL_SEARCH } from '../../../../shared/domain/toolSearch';
import { createLogger } from '../../../platform/Logger';
import type { HostTool } from '../HostTool';
import type { Tool } from '../../mcp/session/mcpTypes';
import type { ConversationStore } from '../../store/ConversationStore';
import { TempStoreDir } from '../../store/testing/TempStoreDir';
import { modelToolName } from '../../base/modelToolName';
import { ToolCatalog, type CatalogEntry } from '../../mcp/tools/ToolCatalog';
import { estimateTextTokens } from '../../mcp/tools/estimateTokens';
import { ToolDefinitions } from '../../mcp/tools/ToolDefinitions';
import { ToolSearchIndex } from './ToolSearchIndex';
import { describeRequestTools, ToolSearchService } from './ToolSearchService';

const log = createLogger({ consoleLevel: 'silent' });

function entry(server: string, name: string, description = `${name} things`): CatalogEntry {
  const tool: Tool = {
    name,
    description,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  };
  return { modelName: modelToolName(server, name), server, tool };
}

const catalogue = (size: number): CatalogEntry[] => [
  ...Array.from({ length: size - 1 }, (_, i) => entry('bulk', `tool_${i}`)),
  entry('weather', 'get_forecast', 'Daily weather forecast for a city'),
];

/** Re-listed by a server: equal definitions in new objects. */
const relisted = (entries: readonly CatalogEntry[]): CatalogEntry[] =>
  entries.map((e) => ({ ...e, tool: structuredClone(e.tool) }));

async function search(
  service: ToolSearchService,
  conversationId: string,
  entries: readonly CatalogEntry[],
  query: string,
): Promise<string> {
  const plan = service.plan({ conversationId, entries, apiSearchAvailable: false });
  const tool = plan.hostTools.find((host) => host.tool.modelName === 'search_tools') as HostTool;
  const outcome = await tool.run({
    conversationId,
    toolUseId: 't',
    input: { query, limit: 3 },
    signal: new AbortController().signal,
  });
  const first = outcome.content[0];
  return first?.type === 'text' ? first.text : '';
}

describe('ToolSearchService: per-turn work', () => {
  let temp: TempStoreDir;
  let store: ConversationStore;
  let estimated: number;
  let service: ToolSearchService;
  let catalog: ToolCatalog;

  beforeEach(async () => {
    temp = new TempStoreDir();
    store = temp.open();
    catalog = new ToolCatalog(join(temp.dir, 'tools.json'), log);
    await catalog.load();
    estimated = 0;
    const definitions = new ToolDefinitions((json) => {
      estimated += 1;
      return estimateTextTokens(json);
    });
    service = new ToolSearchService({
      settings: () => DEFAULT_TOOL_SEARCH,
      catalog,
      store,
      log,
      definitions,
    });
  });
  afterEach(() => temp.cleanup());

  it('estimates each definition once: a second turn on the same catalogue estimates nothing', () => {
    const { id } = store.createConversation();
    const entries = catalogue(300);
    const first = service.plan({ conversationId: id, entries, apiSearchAvailable: false });
    expect(estimated).toBe(300);
    service.plan({ conversationId: id, entries, apiSearchAvailable: false });
    // A re-listed catalogue with equal definitions is known by digest.
    service.plan({ conversationId: id, entries: relisted(entries), apiSearchAvailable: false });
    expect(estimated).toBe(300);
    // One changed definition is the only one estimated again.
    const changed = relisted(entries);
    changed[0] = entry('bulk', 'tool_0', 'Now does something else entirely');
    service.plan({ conversationId: id, entries: changed, apiSearchAvailable: false });
    expect(estimated).toBe(301);
    expect(first.loading).toBe('search');
  });

  it('prepares a changed catalogue before any turn: the turn estimates nothing, its search finds the index built', async () => {
    const { id } = store.createConversation();
    const entries = catalogue(300);
    service.prepare(entries);
    expect(estimated).toBe(300);
    const plan = service.plan({ conversationId: id, entries, apiSearchAvailable: false });
    expect(estimated).toBe(300);
    expect(plan.loading).toBe('search');
    expect(await search(service, id, entries, 'weather forecast')).toContain(
      'weather__get_forecast',
    );
  });

  it('indexes a prepared catalogue once; no index for one the settings would send whole', async () => {
    const update = vi.spyOn(ToolSearchIndex.prototype, 'update');
    try {
      service.prepare(catalogue(5));
      expect(update).not.toHaveBeenCalled();
      const entries = catalogue(300);
      service.prepare(entries);
      expect(update).toHaveBeenCalledTimes(1);
      // The turn and its search use the index the catalogue change started.
      const { id } = store.createConversation();
      expect(await search(service, id, entries, 'weather forecast')).toContain('weather__');
      expect(update).toHaveBeenCalledTimes(1);
    } finally {
      update.mockRestore();
    }
  });

  it('hands a second turn on the same catalogue the same callable list, without copying it', () => {
    const { id } = store.createConversation();
    const entries = catalogue(300);
    for (const mode of ['on', 'off'] as const) {
      const plan = () =>
        service.plan({ conversationId: id, entries, apiSearchAvailable: false, mode });
      const first = plan();
      const second = plan();
      expect(second.callable).toBe(first.callable);
      expect(second.callable).toHaveLength(mode === 'on' ? 301 : 300);
    }
  });

  it('follows the person pinning a tool between two turns on the same catalogue', async () => {
    const { id } = store.createConversation();
    const entries = catalogue(60);
    const names = () =>
      service
        .plan({ conversationId: id, entries, apiSearchAvailable: false })
        .request()
        .tools.map((tool) => tool.modelName);
    expect(names()).toEqual(['search_tools']);
    await catalog.setAlwaysLoaded('weather', 'get_forecast', true);
    expect(names()).toEqual(['search_tools', 'weather__get_forecast']);
    expect(await search(service, id, entries, 'weather forecast')).not.toContain(
      'weather__get_forecast',
    );
  });

  it('keeps the same estimates as estimating every definition anew', () => {
    const { id } = store.createConversation();
    const entries = catalogue(50);
    const plan = service.plan({
      conversationId: id,
      entries,
      apiSearchAvailable: false,
      mode: 'off',
    });
    const fresh = new ToolDefinitions();
    const cached = describeRequestTools(plan.loading, plan.request(), fresh);
    const counted = estimated;
    const again = describeRequestTools(plan.loading, plan.request());
    expect(again.tokens).toBe(cached.tokens);
    expect(again.tokens).toBeGreaterThan(50 * 10);
    // The usage line reads the kept estimates: nothing is estimated again.
    expect(estimated).toBe(counted);
  });

  it('searches a changed catalogue in its new words, without the tools that left', async () => {
    const { id } = store.createConversation();
    const entries = catalogue(60);
    expect(await search(service, id, entries, 'weather forecast')).toContain(
      'weather__get_forecast',
    );
    const next = [
      ...entries.filter((e) => e.server !== 'weather'),
      entry('tides', 'get_tides', 'High and low tide times for a harbour'),
      entry('bulk', 'tool_1', 'Converts currencies at the daily exchange rate'),
    ].filter((e, i, all) => all.findIndex((o) => o.modelName === e.modelName) === i);
    const changed = next.map((e) =>
      e.modelName === 'bulk__tool_1'
        ? entry('bulk', 'tool_1', 'Converts currencies at the daily exchange rate')
        : e,
    );
    expect(await search(service, id, changed, 'tide times harbour')).toContain('tides__get_tides');
    expect(await search(service, id, changed, 'weather forecast')).not.toContain('weather__');
    expect(await search(service, id, changed, 'currency exchange rate')).toContain('bulk__tool_1');
  });
});

describe('ToolSearchIndex.update', () => {
  const tools = (n: number, word = 'gadget') =>
    Array.from({ length: n }, (_, i) => ({
      modelName: `s__t${String(i)}`,
      server: 's',
      name: `t${String(i)}`,
      description: `Handles ${word} number ${String(i)}`,
      parameters: ['id'],
      digest: `${word}-${String(i)}`,
    }));

  it('adds a large catalogue in chunks, letting other work run in between', async () => {
    const index = new ToolSearchIndex();
    let ticks = 0;
    let done = false;
    const tick = (): void => {
      ticks += 1;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    await index.update(tools(5000));
    done = true;
    expect(index.size).toBe(5000);
    expect(ticks).toBeGreaterThan(5);
    expect(index.search('gadget number 4321', 1)[0]?.modelName).toBe('s__t4321');
  });

  it('re-indexes only what changed, and forgets what left', async () => {
    const index = new ToolSearchIndex();
    await index.update(tools(100));
    const next = tools(100)
      .slice(0, 50)
      .map((tool) =>
        tool.modelName === 's__t3'
          ? { ...tool, description: 'Polishes widgets', digest: 'changed' }
          : tool,
      );
    await index.update(next);
    expect(index.size).toBe(50);
    expect(index.search('polishes widgets', 1)[0]?.modelName).toBe('s__t3');
    expect(index.search('gadget number 3', 5).map((h) => h.modelName)).not.toContain('s__t3');
    expect(index.search('gadget number 77', 50).map((h) => h.modelName)).not.toContain('s__t77');
  });

  it('searches only among the names it is given', async () => {
    const index = new ToolSearchIndex();
    await index.update(tools(10));
    const only = new Set(['s__t2']);
    expect(index.search('gadget', 5, only).map((h) => h.modelName)).toEqual(['s__t2']);
  });
});
