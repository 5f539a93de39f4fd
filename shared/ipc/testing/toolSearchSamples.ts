import type { CatalogCosts } from '../../domain/toolSearch';

/** A representative answer of the tool search requests, for the contract's round-trip test. */
export const catalogCostsSample: CatalogCosts = {
  servers: [
    { server: 'github', tools: 100, tokens: 10_300, alwaysLoaded: 1, alwaysLoadedTokens: 95 },
    { server: 'fs', tools: 14, tokens: 1_900, alwaysLoaded: 0, alwaysLoadedTokens: 0 },
  ],
  total: { tools: 114, tokens: 12_200 },
  plan: {
    loading: 'search',
    reason: 'above-threshold',
    sentTools: 4,
    sentTokens: 520,
    loadedTools: 2,
  },
  context: { model: 'anthropic/claude-sonnet-5-5', window: 200_000, projectedTokens: 3_400 },
  conversationMode: 'default',
};

/** Input and output samples of every tool search request. */
export function toolSearchSamples(
  tool: unknown,
): Record<string, { input: unknown; output: unknown }> {
  return {
    'catalog.costs': { input: { conversationId: 'c1' }, output: catalogCostsSample },
    'catalog.setToolAlwaysLoaded': {
      input: { server: 'fs', tool: 'read', alwaysLoaded: true },
      output: tool,
    },
    'conversation.setToolSearch': {
      input: { id: 'c1', mode: 'on' },
      output: { ...catalogCostsSample, conversationMode: 'on' },
    },
  };
}
