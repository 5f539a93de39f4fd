import { toolSearchSamples } from './testing/toolSearchSamples';
import { serverUseSamples } from './testing/serverUseSamples';
import { cardSample, mcpEventsSamples, subscriptionSample } from './testing/mcpEventsSamples';
import { sandboxDetailSample, sandboxSamples } from './testing/sandboxSamples';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../domain/settings';
import { appRequestSamples } from './appsContractSamples';
import { events, requests } from './contract';
import { eventNames, isEventName, isRequestName, requestNames } from './names';
import { gettingServersSamples } from './testing/gettingServersSamples';

describe('IPC contract', () => {
  it('lists every request and event name exactly once', () => {
    expect(new Set(requestNames).size).toBe(requestNames.length);
    expect(new Set(eventNames).size).toBe(eventNames.length);
    expect([...requestNames].sort()).toEqual(Object.keys(requests).sort());
    expect([...eventNames].sort()).toEqual(Object.keys(events).sort());
  });

  it('names requests domain.verb and events domain.pastTense', () => {
    for (const name of requestNames) expect(name).toMatch(/^[a-z]+\.[a-z][A-Za-z]*$/);
    for (const name of eventNames) expect(name).toMatch(/^[a-z]+\.[a-z][A-Za-z]*(ed|Requested)$/);
  });

  it('documents every entry', () => {
    for (const def of [...Object.values(requests), ...Object.values(events)]) {
      expect(def.description.length).toBeGreaterThan(10);
    }
  });

  it('rejects names outside the contract', () => {
    expect(isRequestName('settings.get')).toBe(true);
    expect(isRequestName('settings.getApiKey')).toBe(false);
    expect(isRequestName('__proto__')).toBe(false);
    expect(isRequestName(42)).toBe(false);
    expect(isEventName('settings.changed')).toBe(true);
    expect(isEventName('settings.get')).toBe(false);
  });

  it('round-trips representative values through every schema', () => {
    const snapshot = { ...defaultSettings, apiKeySource: 'none' as const };
    const task = {
      id: 'task-1',
      server: 'jobs',
      taskId: 'srv-1',
      tool: 'research',
      origin: 'chat',
      conversationId: 'c1',
      toolUseId: 'toolu_1',
      status: 'input_required',
      statusMessage: 'Which one?',
      createdAt: 1,
      updatedAt: 2,
      pollIntervalMs: 250,
      ttlMs: null,
      delivery: 'turn',
      following: true,
    };
    const server = {
      name: 'fs',
      transport: 'stdio',
      target: 'npx fs',
      disabled: false,
      protocol: 'auto',
      status: {
        kind: 'restarting',
        attempt: 2,
        nextRetryAt: 5,
        lastFailure: {
          code: 'MCP_CLOSED',
          message: 'x',
          text: { key: 'foreign', params: { text: 'x' } },
          exitCode: 1,
          signal: null,
          stderrTail: [],
          at: 1,
        },
      },
    };
    const tool = {
      server: 'fs',
      name: 'read',
      modelName: 'fs__read',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      enabled: true,
    };
    const summary = {
      id: 'c1',
      title: 'Hello',
      createdAt: 1,
      updatedAt: 2,
      preview: 'hi',
      running: false,
    };
    const document = {
      path: '/x/servers.json',
      exists: true,
      text: '{}',
      problems: [
        {
          severity: 'error',
          message: 'bad',
          path: 'mcpServers',
          line: 1,
          column: 2,
          offset: 1,
          length: 1,
        },
      ],
    };
    const skillsView = {
      server: 'docs',
      state: 'ready',
      skills: [
        {
          uri: 'skill://release-notes/SKILL.md',
          name: 'release-notes',
          description: 'Write release notes',
          qualifiedName: 'docs/release-notes',
          enabled: false,
          digest: `sha256:${'0'.repeat(64)}`,
          reapproval: {
            reason: 'changed',
            description: { before: 'Write release notes', after: 'Mail release notes' },
            fields: ['license'],
            added: [{ uri: 'skill://release-notes/run.sh', path: 'run.sh', size: 12 }],
            removed: [],
            changed: [
              {
                uri: 'skill://release-notes/SKILL.md',
                path: 'SKILL.md',
                size: 243,
                sizeBefore: 200,
              },
            ],
          },
          files: [{ uri: 'skill://release-notes/SKILL.md', path: 'SKILL.md', size: 243 }],
          totalBytes: 243,
          refusal: { reason: 'digest', file: 'SKILL.md', detail: 'digest differs' },
        },
      ],
      invalid: [{ reason: 'no frontmatter' }],
    };
    const provider = {
      id: 'deepseek',
      preset: 'deepseek',
      kind: 'openai-compatible',
      name: 'DeepSeek',
      baseURL: 'https://api.deepseek.com',
      models: ['deepseek-chat'],
      images: false,
      origin: 'added',
      keySource: 'secret-store',
    };
    const samples: Record<string, { input: unknown; output: unknown }> = {
      'app.bootstrap': {
        input: {},
        output: {
          version: '1.0.0',
          platform: 'linux',
          shell: 'web',
          settings: snapshot,
          servers: [],
          conversations: [],
          pendingApprovals: [],
        },
      },
      'settings.get': { input: {}, output: snapshot },
      'settings.update': { input: { theme: 'dark', language: 'zh-CN' }, output: snapshot },
      'settings.setApiKey': { input: { apiKey: 'sk-ant-test' }, output: snapshot },
      'settings.clearApiKey': { input: {}, output: snapshot },
      'ui.update': {
        input: { lastConversationId: 'c1', sidebarCollapsed: true },
        output: { lastConversationId: 'c1', sidebarCollapsed: true },
      },
      'mcp.listServers': { input: {}, output: { servers: [server] } },
      'mcp.getServer': {
        input: { name: 'fs' },
        output: {
          server,
          serverInfo: { name: 'fs', version: '1' },
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          instructions: 'Use carefully',
          tools: [tool],
          stderrTail: ['started'],
          nonJsonLines: 0,
          pid: 42,
          auth: { signedIn: true, issuer: 'https://auth.example.test', scopes: ['read'] },
        },
      },
      'mcp.restartServer': { input: { name: 'fs' }, output: server },
      'mcp.setServerEnabled': { input: { name: 'fs', enabled: false }, output: server },
      'mcp.setToolEnabled': { input: { server: 'fs', tool: 'read', enabled: true }, output: tool },
      'mcp.callTool': {
        input: { server: 'fs', tool: 'read', arguments: { path: '/x' }, runId: 'run-1a_B' },
        output: { result: { content: [{ type: 'text', text: 'hi' }] }, durationMs: 3 },
      },
      'mcp.cancelToolRun': { input: { runId: 'run-1a_B' }, output: {} },
      'mcp.listResources': {
        input: { server: 'fs' },
        output: {
          resources: [{ uri: 'file:///a', name: 'a', mimeType: 'text/plain' }],
          templates: [{ uriTemplate: 'file:///{path}', name: 'file' }],
        },
      },
      'mcp.readResource': {
        input: { server: 'fs', uri: 'file:///a' },
        output: { contents: [{ uri: 'file:///a', text: 'x' }], totalBytes: 1 },
      },
      'mcp.listPrompts': {
        input: { server: 'fs' },
        output: { prompts: [{ name: 'p', arguments: [{ name: 'a', required: true }] }] },
      },
      'mcp.getPrompt': {
        input: { server: 'fs', name: 'p', arguments: { a: '1' } },
        output: { messages: [{ role: 'user', content: { type: 'text', text: 'x' } }] },
      },
      'mcp.listAllResources': {
        input: {},
        output: {
          servers: [
            {
              server: 'fs',
              resources: [{ uri: 'file:///a', name: 'a', size: 3 }],
              templates: [{ uriTemplate: 'file:///{path}', name: 'file' }],
            },
            { server: 'down', resources: [], templates: [], error: 'not ready' },
          ],
        },
      },
      'mcp.listAllPrompts': {
        input: {},
        output: { servers: [{ server: 'fs', prompts: [{ name: 'p', arguments: [] }] }] },
      },
      'mcp.complete': {
        input: {
          server: 'fs',
          ref: { type: 'ref/resource', uri: 'file:///{path}' },
          argument: { name: 'path', value: 'a' },
          context: { arguments: { root: '/x' } },
        },
        output: { values: ['a.txt'], total: 1, hasMore: false },
      },
      'mcp.resolveTemplate': {
        input: { server: 'fs', uriTemplate: 'file:///{path}', arguments: { path: 'a b' } },
        output: { uri: 'file:///a%20b' },
      },
      'mcp.subscribeResource': { input: { server: 'fs', uri: 'file:///a' }, output: {} },
      'mcp.unsubscribeResource': { input: { server: 'fs', uri: 'file:///a' }, output: {} },
      'mcp.listSubscriptions': {
        input: {},
        output: { subscriptions: [{ server: 'fs', uri: 'file:///a', changedAt: 5 }] },
      },
      'mcp.getLogs': {
        input: { server: 'fs', sinceSeq: 3 },
        output: { entries: [{ seq: 4, at: 1, source: 'stderr', level: 'info', text: 'x' }] },
      },
      'mcp.signIn': { input: { name: 'sentry' }, output: {} },
      'mcp.cancelSignIn': { input: { name: 'sentry' }, output: {} },
      'mcp.signOut': { input: { name: 'sentry' }, output: {} },
      'mcp.getTraffic': {
        input: { server: 'fs' },
        output: {
          entries: [
            {
              seq: 1,
              at: 1,
              direction: 'out',
              kind: 'request',
              method: 'tools/list',
              id: 1,
              bytes: 50,
              preview: '{}',
              truncated: false,
            },
          ],
        },
      },
      'config.get': { input: {}, output: document },
      'config.save': { input: { text: '{}' }, output: { saved: true, document } },
      'config.validate': { input: { text: '{}' }, output: { problems: document.problems } },
      'config.listImports': {
        input: {},
        output: {
          sources: [
            {
              id: '/home/a/.cursor/mcp.json',
              kind: 'cursor',
              label: 'Cursor',
              path: '/home/a/.cursor/mcp.json',
              servers: [{ name: 'fs', target: 'npx fs', conflict: true, suggestedName: 'fs-2' }],
              inputs: [{ id: 'token', password: true }],
            },
          ],
        },
      },
      'conversation.list': { input: { query: 'paris' }, output: { conversations: [summary] } },
      'conversation.create': { input: {}, output: summary },
      'conversation.get': {
        input: { id: 'c1', beforeOrdinal: 10, limit: 50 },
        output: {
          conversation: summary,
          messages: [
            {
              id: 'm1',
              ordinal: 0,
              role: 'user',
              content: [
                { type: 'text', text: 'hi' },
                {
                  type: 'document',
                  source: { type: 'text', media_type: 'text/plain', data: 'x' },
                  title: 'a',
                },
              ],
              status: 'complete',
              createdAt: 1,
              attachments: [
                {
                  server: 'fs',
                  origin: 'resource',
                  uri: 'file:///a',
                  name: 'a',
                  mimeType: 'text/plain',
                  size: 1,
                  as: 'document',
                },
              ],
            },
            {
              id: 'm2',
              ordinal: 1,
              role: 'assistant',
              content: [{ type: 'tool_use', id: 't1', name: 'fs__read', input: { path: '/x' } }],
              status: 'failed',
              error: { code: 'LLM_OVERLOADED', message: 'busy' },
              usage: {
                inputTokens: 1,
                outputTokens: 2,
                cacheCreationInputTokens: 0,
                cacheReadInputTokens: 0,
              },
              createdAt: 2,
            },
          ],
          toolCalls: [
            {
              toolUseId: 't1',
              server: 'fs',
              tool: 'read',
              modelName: 'fs__read',
              arguments: { path: '/x' },
              status: 'denied',
              approval: { kind: 'denied', decidedBy: 'person', reason: 'no' },
            },
          ],
          hasMore: false,
        },
      },
      'conversation.rename': { input: { id: 'c1', title: 'New' }, output: summary },
      'conversation.delete': { input: { id: 'c1' }, output: {} },
      'conversation.send': {
        input: {
          conversationId: 'c1',
          text: 'hi',
          model: 'm',
          attachments: [
            { kind: 'resource', server: 'fs', uri: 'file:///a' },
            {
              kind: 'inline',
              server: 'fs',
              origin: 'prompt',
              name: 'logo',
              mimeType: 'image/png',
              blob: 'iVBORw0=',
            },
          ],
        },
        output: { turnId: 't' },
      },
      'conversation.stop': { input: { conversationId: 'c1' }, output: {} },
      'conversation.cancelToolCall': {
        input: { conversationId: 'c1', toolUseId: 'toolu_1' },
        output: {},
      },
      'conversation.retry': { input: { conversationId: 'c1' }, output: { turnId: 't' } },
      'conversation.continue': { input: { conversationId: 'c1' }, output: { turnId: 't' } },
      'conversation.switchBranch': {
        input: { conversationId: 'c1', messageId: 'm1', direction: 'previous' },
        output: summary,
      },
      'conversation.export': {
        input: { id: 'c1' },
        output: {
          format: 'switchboard.conversation',
          version: 1,
          exportedAt: '2026-05-01T10:00:00.000Z',
          conversation: summary,
          messages: [
            {
              id: 'm1',
              ordinal: 0,
              role: 'user',
              content: [{ type: 'text', text: 'hi' }],
              status: 'complete',
              createdAt: 1,
            },
          ],
          toolCalls: [],
        },
      },
      'conversation.edit': {
        input: { conversationId: 'c1', messageId: 'm1', text: 'x' },
        output: { turnId: 't' },
      },
      'conversation.getToolResult': {
        input: { toolUseId: 't1', maxTextChars: 1000 },
        output: {
          outcome: { content: [{ type: 'text', text: 'x' }], isError: false },
          durationMs: 3,
          cut: [{ block: 0, chars: 5000 }],
        },
      },
      'attachments.stageFile': {
        input: { name: 'notes.txt', mimeType: 'text/plain', size: 5, chunk: 'hello', last: true },
        output: { stagingId: 's1' },
      },
      'attachments.discardFile': { input: { stagingId: 's1' }, output: {} },
      'conversation.getToolResultText': {
        input: { toolUseId: 't1', block: 0, offset: 1000, maxChars: 1000 },
        output: { text: 'the next slice', totalChars: 5000 },
      },
      'models.list': {
        input: {},
        output: {
          groups: [
            {
              provider: { id: 'anthropic', name: 'Anthropic' },
              models: [
                {
                  id: 'anthropic/claude-x',
                  displayName: 'Claude X',
                  createdAt: '2026-01-01T00:00:00Z',
                },
              ],
            },
            { provider: { id: 'deepseek', name: 'DeepSeek' }, models: [], error: 'No key' },
          ],
          defaultModel: 'anthropic/claude-x',
        },
      },
      'providers.list': { input: {}, output: { providers: [provider] } },
      'providers.add': { input: { preset: 'deepseek' }, output: provider },
      'providers.update': {
        input: { id: 'deepseek', patch: { models: ['deepseek-chat'], images: false } },
        output: provider,
      },
      'providers.remove': { input: { id: 'deepseek' }, output: {} },
      'providers.setApiKey': { input: { id: 'deepseek', apiKey: 'sk-x' }, output: provider },
      'providers.clearApiKey': { input: { id: 'deepseek' }, output: provider },
      'providers.test': { input: { id: 'deepseek' }, output: { ok: true, models: 2, ms: 41 } },
      'providers.testDraft': {
        input: { preset: 'deepseek', baseURL: 'https://api.deepseek.com', apiKey: 'sk-x' },
        output: { ok: true, models: 2, names: ['deepseek-chat', 'deepseek-reasoner'], ms: 41 },
      },
      'approvals.pending': { input: {}, output: { requests: [] } },
      'approvals.respond': {
        input: { requestId: 'r1', decision: { kind: 'deny', reason: 'no' } },
        output: {},
      },
      'approvals.listGrants': { input: {}, output: { grants: [] } },
      'approvals.revokeGrant': { input: { id: 'g1' }, output: {} },
      'interactions.pending': {
        input: {},
        output: {
          interactions: [
            {
              kind: 'sampling',
              id: 'i1',
              server: 'everything',
              createdAt: 1,
              origin: { conversationId: 'c1', toolUseId: 't1' },
              stage: 'review-result',
              request: {
                systemPrompt: 'Be brief',
                messages: [
                  { role: 'user', content: [{ type: 'text', text: 'hi' }] },
                  {
                    role: 'user',
                    content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
                  },
                ],
                maxTokens: 100,
                temperature: 0.5,
                stopSequences: ['END'],
                includeContext: 'none',
                modelPreferences: { hints: [{ name: 'sonnet' }], speedPriority: 0.5 },
                tools: [{ name: 'lookup', inputSchema: { type: 'object' } }],
                toolChoice: { mode: 'auto' },
              },
              suggestedModel: 'claude-x',
              maxTokensLimit: 1000,
              result: {
                model: 'claude-x',
                stopReason: 'endTurn',
                content: [{ type: 'text', text: 'hello' }],
              },
            },
            {
              kind: 'elicitation-form',
              id: 'i2',
              server: 'everything',
              createdAt: 2,
              origin: {},
              message: 'Who are you?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
            },
            {
              kind: 'elicitation-url',
              id: 'i3',
              server: 'everything',
              createdAt: 3,
              origin: {},
              message: 'Sign in',
              url: 'https://example.com/x',
              host: 'example.com',
              secure: true,
              elicitationId: 'e1',
              stage: 'consent',
              retryToolCall: false,
            },
          ],
        },
      },
      'interactions.respondSampling': {
        input: {
          id: 'i1',
          decision: {
            action: 'approve-request',
            model: 'claude-x',
            maxTokens: 50,
            systemPrompt: 'x',
            texts: [{ message: 0, block: 0, text: 'edited' }],
          },
        },
        output: {},
      },
      'interactions.respondElicitation': {
        input: {
          id: 'i2',
          response: { action: 'accept', content: { name: 'A', age: 3, ok: true, tags: ['x'] } },
        },
        output: {},
      },
      'interactions.respondUrl': { input: { id: 'i3', action: 'open' }, output: {} },
      'interactions.getPolicies': {
        input: {},
        output: { policies: { everything: { sampling: 'deny', maxTokens: 500 } } },
      },
      'interactions.setPolicy': {
        input: { server: 'everything', policy: { sampling: 'ask' } },
        output: { policies: { everything: { sampling: 'ask' } } },
      },
      'roots.list': {
        input: {},
        output: {
          roots: [{ path: '/home/a/src', uri: 'file:///home/a/src', name: 'src', exists: true }],
          canPick: false,
        },
      },
      'roots.add': { input: { path: '/home/a/src' }, output: { roots: [] } },
      'roots.pick': { input: {}, output: { roots: [] } },
      'roots.remove': { input: { path: '/home/a/src' }, output: { roots: [] } },
      'tasks.list': { input: {}, output: { tasks: [task] } },
      'tasks.cancel': { input: { id: 'task-1' }, output: {} },
      'skills.list': { input: { server: 'docs' }, output: skillsView },
      'skills.setEnabled': {
        input: {
          server: 'docs',
          uri: 'skill://release-notes/SKILL.md',
          enabled: true,
          digest: `sha256:${'0'.repeat(64)}`,
        },
        output: skillsView,
      },
      'secrets.list': { input: {}, output: { names: ['corp-key'] } },
      'secrets.set': { input: { name: 'corp-key', value: 'PEM' }, output: { names: ['corp-key'] } },
      'secrets.delete': { input: { name: 'corp-key' }, output: { names: [] } },
      'config.applyImport': {
        input: { sourceId: '/x', names: ['fs'], renames: { fs: 'fs-2' }, inputs: {} },
        output: document,
      },
      ...gettingServersSamples(document),
      ...appRequestSamples,
      ...toolSearchSamples(tool),
      ...serverUseSamples(server),
      ...mcpEventsSamples,
      ...sandboxSamples(),
    };
    for (const name of requestNames) {
      const sample = samples[name];
      expect(sample, `sample for ${name}`).toBeDefined();
      if (!sample) continue;
      const def = requests[name];
      const input: unknown = def.input.parse(sample.input);
      expect(def.input.parse(JSON.parse(JSON.stringify(input)))).toEqual(input);
      const output: unknown = def.output.parse(sample.output);
      expect(def.output.parse(JSON.parse(JSON.stringify(output)))).toEqual(output);
    }
    expect(events['settings.changed'].payload.parse(snapshot)).toEqual(snapshot);
    const updated = { server: 'fs', uri: 'file:///a', at: 3 };
    expect(events['mcp.resourceUpdated'].payload.parse(updated)).toEqual(updated);
    const progressed = { runId: 'run-1a_B', progress: 2, total: 5, message: 'step 2' };
    expect(events['mcp.toolRunProgressed'].payload.parse(progressed)).toEqual(progressed);
    expect(events['tasks.changed'].payload.parse({ task })).toEqual({ task });
    expect(events['skills.changed'].payload.parse(skillsView)).toEqual(skillsView);
    const received = { card: cardSample, unseen: 1 };
    expect(events['events.received'].payload.parse(received)).toEqual(received);
    const changed = { subscriptions: [subscriptionSample] };
    expect(events['events.subscriptionsChanged'].payload.parse(changed)).toEqual(changed);
    expect(events['providers.changed'].payload.parse({ providers: [provider] })).toEqual({
      providers: [provider],
    });
    const recorded = { server: 'fs', violations: sandboxDetailSample.violations };
    expect(events['sandbox.violationsRecorded'].payload.parse(recorded)).toEqual(recorded);
  });

  it('bounds task ids and task messages', () => {
    const task = {
      id: 't',
      server: 's',
      taskId: 'x',
      tool: 'r',
      origin: 'cli',
      status: 'working',
      createdAt: 1,
      updatedAt: 1,
      delivery: 'none',
      following: false,
    };
    expect(events['tasks.changed'].payload.parse({ task })).toEqual({ task });
    expect(requests['tasks.cancel'].input.safeParse({ id: '' }).success).toBe(false);
    expect(requests['tasks.cancel'].input.safeParse({ id: 't', server: 's' }).success).toBe(false);
    expect(
      events['tasks.changed'].payload.safeParse({
        task: { ...task, statusMessage: 'x'.repeat(501) },
      }).success,
    ).toBe(false);
  });

  it('takes secrets by valid name only, never oversized', () => {
    const set = requests['secrets.set'].input;
    expect(set.safeParse({ name: 'a b', value: 'x' }).success).toBe(false);
    expect(set.safeParse({ name: 'ok', value: '' }).success).toBe(false);
    expect(set.safeParse({ name: 'ok', value: 'x'.repeat(65_537) }).success).toBe(false);
    expect(requests['secrets.delete'].input.safeParse({ name: 'x'.repeat(201) }).success).toBe(
      false,
    );
  });

  it('refuses provider ids and patches that are not ours', () => {
    const update = requests['providers.update'].input;
    expect(update.safeParse({ id: '../x', patch: {} }).success).toBe(false);
    expect(update.safeParse({ id: 'Deep Seek', patch: {} }).success).toBe(false);
    expect(update.safeParse({ id: 'deepseek', patch: { kind: 'anthropic' } }).success).toBe(false);
    expect(
      update.safeParse({ id: 'deepseek', patch: { baseURL: 'file:///etc/passwd' } }).success,
    ).toBe(false);
    expect(requests['providers.add'].input.safeParse({ preset: 'gemini' }).success).toBe(false);
  });

  it('bounds tool run ids and progress messages', () => {
    const cancel = requests['mcp.cancelToolRun'].input;
    expect(cancel.safeParse({ runId: '' }).success).toBe(false);
    expect(cancel.safeParse({ runId: 'x'.repeat(65) }).success).toBe(false);
    expect(cancel.safeParse({ runId: '../etc passwd' }).success).toBe(false);
    expect(cancel.safeParse({ runId: 'ok', server: 'fs' }).success).toBe(false);
    const progressed = events['mcp.toolRunProgressed'].payload;
    expect(
      progressed.safeParse({ runId: 'r', progress: 1, message: 'x'.repeat(501) }).success,
    ).toBe(false);
  });

  it('rejects wrong types, unknown keys and oversized values', () => {
    expect(requests['settings.update'].input.safeParse({ theme: 'purple' }).success).toBe(false);
    expect(requests['settings.update'].input.safeParse({ apiKey: 'x' }).success).toBe(false);
    expect(requests['settings.update'].input.safeParse({ apiBaseUrl: 'file:///etc' }).success).toBe(
      false,
    );
    expect(
      requests['settings.setApiKey'].input.safeParse({ apiKey: 'x'.repeat(10_000) }).success,
    ).toBe(false);
    expect(requests['app.bootstrap'].input.safeParse({ extra: 1 }).success).toBe(false);
    const respond = requests['interactions.respondSampling'].input;
    expect(respond.safeParse({ id: 'i', decision: { action: 'approve' } }).success).toBe(false);
    expect(
      respond.safeParse({ id: 'i', decision: { action: 'reject', reason: 'x'.repeat(3000) } })
        .success,
    ).toBe(false);
    expect(
      requests['interactions.respondElicitation'].input.safeParse({
        id: 'i',
        response: { action: 'accept', content: { a: { nested: true } } },
      }).success,
    ).toBe(false);
    expect(
      requests['interactions.setPolicy'].input.safeParse({
        server: 's',
        policy: { sampling: 'ask', maxTokens: 0 },
      }).success,
    ).toBe(false);
    const send = requests['conversation.send'].input;
    expect(send.safeParse({ conversationId: 'c1', text: ' ' }).success).toBe(false);
    const attach = { kind: 'resource', server: 'fs', uri: 'file:///a' };
    expect(send.safeParse({ conversationId: 'c1', text: '', attachments: [attach] }).success).toBe(
      true,
    );
    expect(
      send.safeParse({ conversationId: 'c1', text: 'x', attachments: Array(21).fill(attach) })
        .success,
    ).toBe(false);
    const huge = {
      kind: 'inline',
      server: 'fs',
      origin: 'prompt',
      name: 'n',
      text: 'x'.repeat(21 * 1024 * 1024),
    };
    expect(send.safeParse({ conversationId: 'c1', text: 'x', attachments: [huge] }).success).toBe(
      false,
    );
  });

  it('never carries the API key in any output schema', () => {
    const snapshot = { ...defaultSettings, apiKeySource: 'secret-store', apiKey: 'sk-ant-secret' };
    const parsed = requests['settings.get'].output.parse(snapshot);
    expect(JSON.stringify(parsed)).not.toContain('sk-ant-secret');
  });
});
