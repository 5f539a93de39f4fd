import { describe, expect, it, vi } from 'vitest';
import type { ConfigDocument } from '../../shared/domain/mcpViews';
import { AppError, AppErrorCode } from '../../shared/errors';
import { scriptedClient } from '../testing/scriptedClient';
import { createConfigStore, LINT_DELAY_MS } from './configStore';

const doc = (text: string, patch: Partial<ConfigDocument> = {}): ConfigDocument => ({
  path: '/data/servers.json',
  exists: true,
  text,
  problems: [],
  ...patch,
});

describe('configStore', () => {
  it('loads, saves through main, and shows main’s answer', async () => {
    let disk = '{}';
    const { client, callsOf } = scriptedClient((name, input) => {
      if (name === 'config.get') return doc(disk);
      if (name === 'config.save') {
        disk = (input as { text: string }).text;
        return { saved: true, document: doc(disk) };
      }
      throw new Error(name);
    });
    const store = createConfigStore(client);
    await store.getState().load();
    store.getState().edit('{"mcpServers":{}}');
    await store.getState().save();
    expect(callsOf('config.save')).toEqual([{ text: '{"mcpServers":{}}' }]);
    expect(store.getState().disk?.text).toBe('{"mcpServers":{}}');
    expect(store.getState().draft).toBeNull();
    expect(store.getState().saveOutcome).toEqual({ kind: 'saved' });
  });

  it('has main check the text once typing pauses, and shows only the latest text’s problems', async () => {
    vi.useFakeTimers();
    try {
      const problem = (message: string) => ({
        severity: 'error' as const,
        message,
        line: 1,
        column: 2,
      });
      const answers: ((value: unknown) => void)[] = [];
      const { client, callsOf } = scriptedClient((name) => {
        if (name === 'config.get') return doc('{}');
        if (name === 'config.validate') return new Promise((resolve) => answers.push(resolve));
        throw new Error(name);
      });
      const store = createConfigStore(client);
      await store.getState().load();
      store.getState().edit('{ "a"');
      store.getState().edit('{ "ab"');
      await vi.advanceTimersByTimeAsync(LINT_DELAY_MS);
      // One check, for the text as it stands after the pause.
      expect(callsOf('config.validate')).toEqual([{ text: '{ "ab"' }]);
      store.getState().edit('{ "abc"');
      await vi.advanceTimersByTimeAsync(LINT_DELAY_MS);
      expect(callsOf('config.validate')).toHaveLength(2);
      // The newer answer first, then the older one late: the older is dropped.
      answers[1]?.({ problems: [problem('for abc')] });
      answers[0]?.({ problems: [problem('for ab')] });
      await vi.advanceTimersByTimeAsync(0);
      expect(store.getState().problems.map((p) => p.message)).toEqual(['for abc']);
      expect(store.getState().problemsText).toBe('{ "abc"');
      // Nothing was saved.
      expect(callsOf('config.save')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('raises the outside-change notice from config.changed while editing', async () => {
    const { client, emit } = scriptedClient(() => doc('{}'));
    const store = createConfigStore(client);
    await store.getState().load();
    store.getState().edit('{ "mine": 1 }');
    emit('config.changed', doc('{ "theirs": 1 }'));
    expect(store.getState().external?.text).toBe('{ "theirs": 1 }');
    store.getState().resolveExternal('reload');
    expect(store.getState().draft).toBeNull();
    expect(store.getState().disk?.text).toBe('{ "theirs": 1 }');
  });

  it('lists import sources and applies an import', async () => {
    const source = {
      id: 'claude',
      kind: 'claude-desktop' as const,
      label: 'Claude Desktop',
      path: '/home/me/.config/Claude/claude_desktop_config.json',
      servers: [{ name: 'fs', target: 'npx fs', conflict: false, suggestedName: 'fs' }],
      inputs: [],
    };
    const { client, callsOf } = scriptedClient((name) => {
      if (name === 'config.listImports') return { sources: [source] };
      if (name === 'config.applyImport') return doc('{"mcpServers":{"fs":{}}}');
      throw new AppError(AppErrorCode.NotFound, name);
    });
    const store = createConfigStore(client);
    await store.getState().listImports();
    expect(store.getState().imports).toEqual({ state: 'ready', value: [source] });
    const request = { sourceId: 'claude', names: ['fs'], renames: {}, inputs: {} };
    expect(await store.getState().applyImport(request)).toEqual({ ok: true });
    expect(callsOf('config.applyImport')).toEqual([request]);
    expect(store.getState().disk?.text).toContain('"fs"');
  });

  it('reports a load failure', async () => {
    const { client } = scriptedClient(() => {
      throw new AppError(AppErrorCode.Internal, 'EACCES');
    });
    const store = createConfigStore(client);
    await store.getState().load();
    expect(store.getState().loadError).toEqual({ code: 'INTERNAL', message: 'EACCES' });
  });
});
