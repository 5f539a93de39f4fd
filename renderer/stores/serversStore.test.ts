import { describe, expect, it } from 'vitest';
import type { ServerDetail } from '../../shared/domain/mcpViews';
import { AppError, AppErrorCode } from '../../shared/errors';
import {
  failed,
  logEntry,
  ready,
  serverDetail,
  serverView,
  toolView,
  trafficEntry,
} from '../testing/fixtures';
import { deferred, scriptedClient, settle, type Script } from '../testing/scriptedClient';
import { itemKey, STREAM_LIMIT } from './serversReducers';
import { createServersStore } from './serversStore';

/** Answers every request of a server screen; individual tests override what they need. */
function host(overrides: Partial<Record<string, Script>> = {}) {
  return scriptedClient((name, input) => {
    const override = overrides[name];
    if (override) return override(name, input);
    switch (name) {
      case 'mcp.getServer':
        return serverDetail((input as { name: string }).name, [toolView('a', 't')]);
      case 'mcp.getLogs':
      case 'mcp.getTraffic':
        return { entries: [] };
      default:
        throw new Error(`unscripted ${name}`);
    }
  });
}

describe('serversStore: list and details', () => {
  it('starts from bootstrap and follows mcp.serversChanged', () => {
    const { client, emit } = host();
    const store = createServersStore(client, [serverView('a')]);
    expect(store.getState().servers.map((s) => s.name)).toEqual(['a']);
    emit('mcp.serversChanged', { servers: [serverView('a', failed()), serverView('b')] });
    expect(store.getState().servers.map((s) => s.status.kind)).toEqual(['error', 'ready']);
  });

  it('opens a server: detail, log and traffic', async () => {
    const { client, callsOf } = host({
      'mcp.getLogs': () => ({ entries: [logEntry(1), logEntry(2)] }),
      'mcp.getTraffic': () => ({ entries: [trafficEntry(7)] }),
    });
    const store = createServersStore(client, [serverView('a')]);
    await store.getState().openServer('a');
    const state = store.getState();
    expect(state.details.a?.state).toBe('ready');
    expect(state.logs.a?.map((e) => e.seq)).toEqual([1, 2]);
    expect(state.traffic.a?.map((e) => e.seq)).toEqual([7]);
    expect(callsOf('mcp.getLogs')).toEqual([{ server: 'a' }]);
  });

  it('opening a server that waits to be needed starts it; a running one is left alone', async () => {
    const remembered = serverView('b', { kind: 'remembered', toolCount: 2, learnedAt: 1 });
    const { client, callsOf } = host({
      'mcp.startServer': () => ({ ...remembered, status: { kind: 'starting', since: 2 } }),
    });
    const store = createServersStore(client, [serverView('a'), remembered]);
    await store.getState().openServer('a');
    expect(callsOf('mcp.startServer')).toEqual([]);
    await store.getState().openServer('b');
    expect(callsOf('mcp.startServer')).toEqual([{ name: 'b' }]);
    expect(store.getState().servers.find((s) => s.name === 'b')?.status.kind).toBe('starting');
  });

  it('refetches an open detail when its session changes or its tools change, only then', async () => {
    const { client, emit, callsOf } = host();
    const store = createServersStore(client, [serverView('a', ready(1, 100)), serverView('b')]);
    await store.getState().refreshDetail('a');
    emit('mcp.serversChanged', {
      servers: [serverView('a', ready(1, 100)), serverView('b', failed())],
    });
    await settle();
    expect(callsOf('mcp.getServer')).toHaveLength(1);
    emit('mcp.serversChanged', { servers: [serverView('a', ready(1, 300)), serverView('b')] });
    await settle();
    expect(callsOf('mcp.getServer')).toHaveLength(2);
    emit('mcp.toolsChanged', { server: 'a' });
    emit('mcp.toolsChanged', { server: 'b' });
    await settle();
    expect(callsOf('mcp.getServer')).toEqual([{ name: 'a' }, { name: 'a' }, { name: 'a' }]);
  });

  it('lets only the newest detail answer land', async () => {
    const first = deferred<ServerDetail>();
    const second = deferred<ServerDetail>();
    const answers = [first.promise, second.promise];
    const { client } = host({ 'mcp.getServer': () => answers.shift() });
    const store = createServersStore(client, [serverView('a')]);
    const a = store.getState().refreshDetail('a');
    const b = store.getState().refreshDetail('a');
    second.resolve(serverDetail('a', [toolView('a', 'new')]));
    await b;
    first.resolve(serverDetail('a', [toolView('a', 'old')]));
    await a;
    const detail = store.getState().details.a;
    expect(detail?.state === 'ready' && detail.value.tools.map((t) => t.name)).toEqual(['new']);
  });

  it('asks again for resource and prompt lists that changed, if they were shown', async () => {
    const { client, emit, callsOf } = host({
      'mcp.listResources': () => ({ resources: [], templates: [] }),
      'mcp.listPrompts': () => ({ prompts: [] }),
    });
    const store = createServersStore(client, [serverView('a'), serverView('b')]);
    await store.getState().listResources('a');
    emit('mcp.listChanged', { server: 'a', list: 'resources' });
    emit('mcp.listChanged', { server: 'a', list: 'prompts' });
    emit('mcp.listChanged', { server: 'b', list: 'resources' });
    await settle();
    expect(callsOf('mcp.listResources')).toEqual([{ server: 'a' }, { server: 'a' }]);
    expect(callsOf('mcp.listPrompts')).toEqual([]);
  });

  it('forgets everything about a server that is removed', async () => {
    const { client, emit } = host();
    const store = createServersStore(client, [serverView('a'), serverView('b')]);
    await store.getState().openServer('a');
    emit('mcp.serversChanged', { servers: [serverView('b')] });
    const state = store.getState();
    expect([state.details.a, state.logs.a, state.traffic.a]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('serversStore: actions', () => {
  it('restart shows as pending and applies main’s answer', async () => {
    const answer = deferred<unknown>();
    const { client, callsOf } = host({ 'mcp.restartServer': () => answer.promise });
    const store = createServersStore(client, [serverView('a', failed())]);
    const done = store.getState().restart('a');
    expect(store.getState().pending.a).toBe('restart');
    answer.resolve(serverView('a', { kind: 'starting', since: 5 }));
    expect(await done).toEqual({ ok: true });
    expect(store.getState().pending.a).toBeUndefined();
    expect(store.getState().servers[0]?.status.kind).toBe('starting');
    expect(callsOf('mcp.restartServer')).toEqual([{ name: 'a' }]);
  });

  it('keeps a failed action’s error beside the server until the next action', async () => {
    let fail = true;
    const { client } = host({
      'mcp.setServerEnabled': () => {
        if (fail) throw new AppError(AppErrorCode.ConfigInvalid, 'The servers file has errors');
        return serverView('a', { kind: 'disabled' });
      },
    });
    const store = createServersStore(client, [serverView('a')]);
    const result = await store.getState().setEnabled('a', false);
    expect(result).toEqual({
      ok: false,
      error: { code: 'CONFIG_INVALID', message: 'The servers file has errors' },
    });
    expect(store.getState().actionErrors.a?.code).toBe('CONFIG_INVALID');
    fail = false;
    await store.getState().setEnabled('a', false);
    expect(store.getState().actionErrors.a).toBeUndefined();
    expect(store.getState().servers[0]?.disabled).toBe(true);
  });

  it('applies a tool switch to the open detail', async () => {
    const { client, callsOf } = host({
      'mcp.setToolEnabled': () => toolView('a', 't', { enabled: false }),
    });
    const store = createServersStore(client, [serverView('a')]);
    await store.getState().refreshDetail('a');
    await store.getState().setToolEnabled('a', 't', false);
    const detail = store.getState().details.a;
    expect(detail?.state === 'ready' && detail.value.tools[0]?.enabled).toBe(false);
    expect(callsOf('mcp.setToolEnabled')).toEqual([{ server: 'a', tool: 't', enabled: false }]);
  });

  it('keeps the last run of each tool, including a failed one', async () => {
    let fail = false;
    const { client, callsOf } = host({
      'mcp.callTool': () => {
        if (fail) throw new AppError(AppErrorCode.McpTimeout, 'No answer in 60 s');
        return { result: { content: [{ type: 'text', text: 'hi' }] }, durationMs: 12 };
      },
    });
    const store = createServersStore(client, [serverView('a')]);
    await store.getState().callTool('a', 'echo', { text: 'hi' });
    expect(store.getState().toolRuns[itemKey('a', 'echo')]).toEqual({
      state: 'ready',
      value: { result: { content: [{ type: 'text', text: 'hi' }] }, durationMs: 12 },
    });
    fail = true;
    await store.getState().callTool('a', 'echo', {});
    expect(store.getState().toolRuns[itemKey('a', 'echo')]).toEqual({
      state: 'failed',
      error: { code: 'MCP_TIMEOUT', message: 'No answer in 60 s' },
    });
    const [first, second] = callsOf('mcp.callTool') as { runId?: string }[];
    expect(first).toEqual({
      server: 'a',
      tool: 'echo',
      arguments: { text: 'hi' },
      runId: first?.runId,
    });
    expect(first?.runId).not.toBe(second?.runId);
  });

  it('shows the resource read last asked for, even if an earlier answer comes later', async () => {
    const slow = deferred<unknown>();
    const { client } = host({
      'mcp.readResource': (_n, input) =>
        (input as { uri: string }).uri === 'file:///slow'
          ? slow.promise
          : { contents: [{ uri: 'file:///fast', text: 'fast' }] },
    });
    const store = createServersStore(client, [serverView('a')]);
    const first = store.getState().readResource('a', 'file:///slow');
    await store.getState().readResource('a', 'file:///fast');
    slow.resolve({ contents: [{ uri: 'file:///slow', text: 'slow' }] });
    await first;
    const read = store.getState().resourceReads.a;
    expect(read?.uri).toBe('file:///fast');
    expect(read?.result.state).toBe('ready');
  });

  it('lists prompts and gets one with arguments', async () => {
    const { client, callsOf } = host({
      'mcp.listPrompts': () => ({ prompts: [{ name: 'p', arguments: [] }] }),
      'mcp.getPrompt': () => ({
        messages: [{ role: 'user', content: { type: 'text', text: 'x' } }],
      }),
    });
    const store = createServersStore(client, [serverView('a')]);
    await store.getState().listPrompts('a');
    await store.getState().getPrompt('a', 'p', { city: 'Paris' });
    expect(store.getState().prompts.a?.state).toBe('ready');
    expect(store.getState().promptResults[itemKey('a', 'p')]?.state).toBe('ready');
    expect(callsOf('mcp.getPrompt')).toEqual([
      { server: 'a', name: 'p', arguments: { city: 'Paris' } },
    ]);
  });
});

describe('serversStore: live logs and traffic', () => {
  it('keeps live entries that arrive while the log is loading, in order', async () => {
    const answer = deferred<unknown>();
    const { client, emit } = host({ 'mcp.getLogs': () => answer.promise });
    const store = createServersStore(client, [serverView('a')]);
    const loading = store.getState().loadLogs('a');
    emit('mcp.logAppended', { server: 'a', entries: [logEntry(3), logEntry(4)] });
    answer.resolve({ entries: [logEntry(1), logEntry(2), logEntry(3)] });
    await loading;
    expect(store.getState().logs.a?.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('ignores entries of servers nobody opened', () => {
    const { client, emit } = host();
    const store = createServersStore(client, [serverView('a')]);
    emit('mcp.logAppended', { server: 'a', entries: [logEntry(1)] });
    emit('mcp.trafficRecorded', { server: 'a', entries: [trafficEntry(1)] });
    expect(store.getState().logs).toEqual({});
    expect(store.getState().traffic).toEqual({});
  });

  it('stays bounded however much arrives', async () => {
    const { client, emit } = host();
    const store = createServersStore(client, [serverView('a')]);
    await store.getState().loadTraffic('a');
    for (let batch = 0; batch < 6; batch++) {
      const entries = Array.from({ length: 1000 }, (_, i) => trafficEntry(batch * 1000 + i + 1));
      emit('mcp.trafficRecorded', { server: 'a', entries });
    }
    const traffic = store.getState().traffic.a ?? [];
    expect(traffic).toHaveLength(STREAM_LIMIT);
    expect(traffic.at(-1)?.seq).toBe(6000);
    expect(traffic[0]?.seq).toBe(6000 - STREAM_LIMIT + 1);
  });

  it('after a reconnect asks only for what it missed', async () => {
    const { client, callsOf } = host({
      'mcp.getLogs': (_n, input) =>
        (input as { sinceSeq?: number }).sinceSeq === undefined
          ? { entries: [logEntry(1), logEntry(2)] }
          : { entries: [logEntry(3)] },
      'mcp.listServers': () => ({ servers: [serverView('a')] }),
    });
    const store = createServersStore(client, [serverView('a')]);
    await store.getState().openServer('a');
    await store.getState().resync();
    expect(callsOf('mcp.getLogs')).toEqual([{ server: 'a' }, { server: 'a', sinceSeq: 2 }]);
    expect(store.getState().logs.a?.map((e) => e.seq)).toEqual([1, 2, 3]);
  });
});
