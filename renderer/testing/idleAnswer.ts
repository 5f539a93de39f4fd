import type { RequestName } from '../../shared/ipc/names';

/**
 * What main answers, with nothing in it, to the requests stores make by themselves (lists they
 * load when a screen opens). Anything else gets `{}`, which fits only the requests that answer
 * an empty object: a test that needs more must script it, or the contract check fails it.
 */
export function idleAnswer(name: RequestName): unknown {
  switch (name) {
    case 'models.list':
      return { groups: [], defaultModel: 'anthropic/claude-sonnet-4-5' };
    case 'providers.list':
      return {
        providers: [
          {
            id: 'anthropic',
            preset: 'anthropic',
            kind: 'anthropic',
            name: 'Anthropic',
            baseURL: 'https://api.anthropic.com',
            models: [],
            images: true,
            origin: 'built-in',
            keySource: 'none',
          },
        ],
      };
    case 'roots.list':
      return { roots: [], canPick: false };
    case 'mcp.listSubscriptions':
      return { subscriptions: [] };
    case 'mcp.listAllResources':
    case 'mcp.listAllPrompts':
      return { servers: [] };
    case 'approvals.listGrants':
      return { grants: [] };
    case 'interactions.getPolicies':
      return { policies: {} };
    case 'conversation.list':
      return { conversations: [] };
    case 'apps.pendingContext':
      return { contexts: [] };
    case 'catalog.costs':
      return {
        servers: [],
        total: { tools: 0, tokens: 0 },
        plan: { loading: 'all', reason: 'no-tools', sentTools: 0, sentTokens: 0, loadedTools: 0 },
      };
    case 'secrets.list':
      return { names: [] };
    case 'mcp.sampleCosts':
      return { at: 0, servers: [], host: { rssBytes: 0 } };
    case 'events.listCards':
      return { cards: [], unseen: 0 };
    case 'events.listSubscriptions':
      return { subscriptions: [] };
    case 'config.get':
      return {
        path: '/home/me/.config/Switchboard/servers.json',
        exists: true,
        text: '',
        problems: [],
      };
    default:
      return {};
  }
}
