import type { AppRequestName } from './appsNames';

const frameId = 'f'.repeat(32);
const frame = {
  frameId,
  proxyUrl: `http://${'c'.repeat(32)}.localhost:5001/frame/${frameId}`,
  contentHash: 'a'.repeat(64),
  server: 'apps',
  resourceUri: 'ui://apps/counter.html',
  csp: { connectDomains: ['https://api.example.com'] },
  permissions: { requested: ['camera'], granted: [] },
  prefersBorder: true,
  tool: { name: 'counter', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'x' } } },
  toolInput: { label: 'n' },
};

/** A representative input and output of every `apps.*` request (the contract test's samples). */
export const appRequestSamples: Record<AppRequestName, { input: unknown; output: unknown }> = {
  'apps.open': {
    input: { target: { kind: 'toolCall', toolUseId: 'toolu_1' } },
    output: { ok: true, frame },
  },
  'apps.getHtml': { input: { frameId }, output: { html: '<!doctype html><p>x</p>' } },
  'apps.close': { input: { frameId }, output: {} },
  'apps.cancel': { input: { frameId, requestId: 'r-1' }, output: {} },
  'apps.callTool': {
    input: { frameId, name: 'bump', arguments: {} },
    output: { result: { content: [{ type: 'text', text: '1' }] } },
  },
  'apps.readResource': {
    input: { frameId, uri: 'ui://apps/data.json' },
    output: { contents: [{ uri: 'ui://apps/data.json', text: '{}' }] },
  },
  'apps.sendMessage': { input: { frameId, text: 'Hello' }, output: { turnId: 't1' } },
  'apps.openLink': { input: { frameId, url: 'https://example.com/' }, output: { opened: true } },
  'apps.updateContext': {
    input: { frameId, content: [{ type: 'text', text: 'picked 3' }], structuredContent: { n: 3 } },
    output: {},
  },
  'apps.log': { input: { frameId, level: 'info', logger: 'app', data: { n: 1 } }, output: {} },
  'apps.report': {
    input: { frameId, report: { kind: 'failed', failure: { kind: 'init-timeout', detail: 'x' } } },
    output: {},
  },
  'apps.setPermissions': { input: { frameId, allow: true }, output: { granted: ['camera'] } },
  'apps.pendingContext': {
    input: { conversationId: 'c1' },
    output: {
      contexts: [
        { kind: 'context', server: 'apps', tool: 'counter', toolUseId: 'toolu_1', text: 'x' },
      ],
    },
  },
  'apps.listResources': {
    input: { server: 'apps' },
    output: { resources: [{ uri: 'ui://apps/counter.html', tools: ['counter', 'bump'] }] },
  },
};
