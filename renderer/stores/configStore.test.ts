import { describe, expect, it } from 'vitest';
import type { ConfigDocument } from '../../shared/domain/mcpViews';
import { AppError, AppErrorCode } from '../../shared/errors';
import { scriptedClient } from '../testing/scriptedClient';
import { createConfigStore } from './configStore';

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
