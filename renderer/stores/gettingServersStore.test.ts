import { describe, expect, it } from 'vitest';
import type { RegistryPage, RegistryServer } from '../../shared/domain/registryViews';
import { AppError, AppErrorCode } from '../../shared/errors';
import { deferred, scriptedClient } from '../testing/scriptedClient';
import { createConfigStore } from './configStore';
import { createGettingServersStore } from './gettingServersStore';

const server = (name: string): RegistryServer => ({
  name,
  description: name,
  version: '1.0.0',
  valid: true,
  problems: [],
  options: [],
});
const page = (names: string[], nextCursor?: string): RegistryPage => ({
  servers: names.map(server),
  ...(nextCursor ? { nextCursor } : {}),
  registryUrl: 'http://registry.test',
});

describe('gettingServersStore', () => {
  it('appends pages on "more" and drops the late answer of an older query', async () => {
    const slow = deferred<RegistryPage>();
    const { client, callsOf } = scriptedClient((name, input) => {
      if (name !== 'registry.search') throw new Error(name);
      const { query, cursor } = input as { query: string; cursor?: string };
      if (query === 'slow') return slow.promise;
      return cursor ? page(['c']) : page(['a', 'b'], 'next-1');
    });
    const store = createGettingServersStore(client, createConfigStore(client));
    await store.getState().search('');
    await store.getState().search('', true);
    expect(store.getState().registry.servers.map((s) => s.name)).toEqual(['a', 'b', 'c']);
    expect(store.getState().registry.nextCursor).toBeUndefined();
    expect(callsOf('registry.search')).toEqual([{ query: '' }, { query: '', cursor: 'next-1' }]);

    const stale = store.getState().search('slow');
    await store.getState().search('fresh');
    slow.resolve(page(['late']));
    await stale;
    expect(store.getState().registry).toMatchObject({ query: 'fresh', state: 'ready' });
    expect(store.getState().registry.servers.map((s) => s.name)).toEqual(['a', 'b']);
  });

  it('installs, hands main’s servers file to the config store, and reports refusals', async () => {
    const document = {
      path: '/d/servers.json',
      exists: true,
      text: '{"mcpServers":{"x":{}}}',
      problems: [],
    };
    const digest = `sha256:${'1'.repeat(64)}`;
    const changes = [{ path: 'packages[0].runtimeHint', before: '"npx"', after: '"sh"' }];
    const { client } = scriptedClient((name, input) => {
      if (name === 'registry.install') {
        if ((input as { serverName: string }).serverName === 'swapped') {
          throw new AppError(AppErrorCode.Validation, 'It differs.', { changes });
        }
        return { serverName: 'x', document };
      }
      if (name === 'bundles.install') {
        throw new AppError(AppErrorCode.Validation, 'The bundle needs API token (api_token).');
      }
      throw new Error(name);
    });
    const config = createConfigStore(client);
    const store = createGettingServersStore(client, config);
    const installed = await store.getState().installFromRegistry({
      name: 'a/x',
      version: '1',
      digest,
      option: 0,
      serverName: 'x',
      values: {},
    });
    expect(installed).toEqual({ ok: true, value: 'x' });
    // A document that changed since the review comes back with the fields that changed.
    const swapped = await store.getState().installFromRegistry({
      name: 'a/x',
      version: '1',
      digest,
      option: 0,
      serverName: 'swapped',
      values: {},
    });
    expect(swapped).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'It differs.' },
      changes,
    });
    expect(config.getState().disk?.text).toBe(document.text);
    const refused = await store.getState().installBundle({
      path: '/b.mcpb',
      serverName: 'b',
      userConfig: {},
      digest: 'sha256:abababababababababababababababababababababababababababababababab',
    });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'The bundle needs API token (api_token).' },
    });
  });
});
