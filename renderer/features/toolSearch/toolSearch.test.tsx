import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ToolSearchResultBlock } from '../../../shared/domain/conversationMessage';
import type { CatalogCosts } from '../../../shared/domain/toolSearch';
import { catalogCostsSample } from '../../../shared/ipc/testing/toolSearchSamples';
import { serverView, ready } from '../../testing/fixtures';
import { conversation } from '../../testing/chatFixtures';
import { idleAnswer } from '../../testing/idleAnswer';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { UsageLine } from '../chat/UsageLine';
import { ServerList } from '../servers/ServerList';
import { ToolSearchBar } from './ToolSearchBar';
import { ToolSearchBlock } from './ToolSearchBlock';

const answering =
  (costs: CatalogCosts) =>
  (name: Parameters<typeof idleAnswer>[0], input: unknown): unknown =>
    name === 'catalog.costs' || name === 'conversation.setToolSearch'
      ? {
          ...costs,
          ...(name === 'conversation.setToolSearch'
            ? { conversationMode: (input as { mode: string }).mode }
            : {}),
        }
      : idleAnswer(name);

describe('tool costs on the servers list', () => {
  it('shows each server’s definition tokens and the total with how requests carry them', async () => {
    await renderWithStores(<ServerList />, {
      servers: [serverView('github', ready(100)), serverView('fs', ready(14))],
      script: answering(catalogCostsSample),
    });
    expect((await screen.findByTestId('catalog-costs')).textContent).toContain(
      'Tool definitions 114 tools · ~12.2K tokens',
    );
    expect(screen.getByTestId('catalog-plan').textContent).toBe(
      'Tool search: requests carry ~520 tokens (4 definitions); the rest are found when needed.',
    );
    expect(screen.getByTestId('server-cost-github').textContent).toBe(
      'Ready, 100 tools · ~10.3K tokens',
    );
    expect(screen.getByTestId('server-cost-fs').title).toContain('about 1.9K tokens');
  });
});

describe('ToolSearchBar', () => {
  it('says what this conversation’s requests carry and sets its own choice', async () => {
    const { host } = await renderWithStores(
      <ToolSearchBar conversationId="c1" conversationModel="anthropic/claude-sonnet-5-5" />,
      { script: answering(catalogCostsSample) },
    );
    const bar = await screen.findByTestId('tool-search-bar');
    expect(within(bar).getByTestId('tool-search-summary').textContent).toBe(
      '4 of 114 tools sent in full (~520 tokens); the rest by search · 2 found so far',
    );
    expect(host.callsOf('catalog.costs')).toContainEqual({
      conversationId: 'c1',
      model: 'anthropic/claude-sonnet-5-5',
    });
    fireEvent.change(within(bar).getByTestId('tool-search-choice'), { target: { value: 'off' } });
    await settle();
    expect(host.callsOf('conversation.setToolSearch')).toEqual([{ id: 'c1', mode: 'off' }]);
    expect(screen.getByTestId<HTMLSelectElement>('tool-search-choice').value).toBe('off');
    expect(screen.queryByTestId('context-warning')).toBeNull();
  });

  it('warns when the next request would not fit the model’s context', async () => {
    const all: CatalogCosts = {
      ...catalogCostsSample,
      total: { tools: 3_030, tokens: 310_000 },
      plan: {
        loading: 'all',
        reason: 'forced-off',
        sentTools: 3_030,
        sentTokens: 310_000,
        loadedTools: 0,
      },
      context: { model: 'anthropic/claude-sonnet-4-0', window: 200_000, projectedTokens: 312_000 },
    };
    await renderWithStores(<ToolSearchBar conversationId="c1" />, { script: answering(all) });
    const warning = await screen.findByTestId('context-warning');
    expect(warning.textContent).toBe(
      'Tool search is off: the 3,030 tools sent in full take about 310K tokens, so the next request would not fit Claude’s context (200K). Turn tool search on for this conversation.',
    );
  });

  it('with search off and no known window, a large catalogue is still named with its size', async () => {
    const all: CatalogCosts = {
      ...catalogCostsSample,
      plan: {
        loading: 'all',
        reason: 'forced-off',
        sentTools: 2_053,
        sentTokens: 215_000,
        loadedTools: 0,
      },
      context: { model: 'ollama/qwen3:8b', projectedTokens: 215_000 },
    };
    await renderWithStores(<ToolSearchBar conversationId="c1" />, { script: answering(all) });
    expect((await screen.findByTestId('context-warning')).textContent).toBe(
      'Tool search is off: the 2,053 tools sent in full take about 215K tokens, and ollama’s context size is not known. Tool search keeps requests small.',
    );
  });

  it('a new chat chooses before its first message; the conversation starts with that choice', async () => {
    const { host, stores } = await renderWithStores(<ToolSearchBar conversationId={null} />, {
      script: (name, input) =>
        name === 'conversation.create'
          ? conversation('c9')
          : name === 'conversation.send'
            ? { turnId: 't1' }
            : answering(catalogCostsSample)(name, input),
    });
    const choice = await screen.findByTestId<HTMLSelectElement>('tool-search-choice');
    expect(choice.disabled).toBe(false);
    fireEvent.change(choice, { target: { value: 'off' } });
    await settle();
    expect(choice.value).toBe('off');
    // The plan shown is the one the choice makes.
    expect(host.callsOf('catalog.costs')).toContainEqual(expect.objectContaining({ mode: 'off' }));
    await stores.chat.getState().send('hello');
    expect(host.callsOf('conversation.create')).toEqual([{ toolSearch: 'off' }]);
    expect(host.callsOf('conversation.setToolSearch')).toEqual([]);
  });

  it('shows nothing without tools', async () => {
    await renderWithStores(<ToolSearchBar conversationId={null} />);
    await settle();
    expect(screen.queryByTestId('tool-search-bar')).toBeNull();
  });
});

describe('tools in a reply', () => {
  it('adds the tools a request carried to its usage line', async () => {
    await renderWithStores(
      <UsageLine
        usage={{
          inputTokens: 1_500,
          outputTokens: 40,
          cacheCreationInputTokens: 0,
          cacheReadInputTokens: 0,
          tools: { loading: 'api-search', sent: 3, deferred: 3_028, tokens: 420 },
        }}
      />,
    );
    expect(screen.getByTestId('usage-tools').textContent).toBe(
      ' · tools ~420 (3 sent, 3,028 by search)',
    );
  });

  it('shows what Claude’s own search looked for and found', async () => {
    const result: ToolSearchResultBlock = {
      type: 'tool_search_tool_result',
      tool_use_id: 'srv_1',
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: [
          { type: 'tool_reference', tool_name: 'weather__get_daily_forecast' },
          { type: 'tool_reference', tool_name: 'weather__get_hourly_forecast' },
        ],
      },
    };
    const call = {
      type: 'server_tool_use' as const,
      id: 'srv_1',
      name: 'tool_search_tool_bm25' as const,
      input: { query: 'forecast' },
    };
    await renderWithStores(<ToolSearchBlock result={result} content={[call, result]} />);
    expect(screen.getByTestId('tool-search-block').textContent).toBe(
      'Searched the tools: “forecast” — found weather__get_daily_forecast, weather__get_hourly_forecast',
    );
  });
});
