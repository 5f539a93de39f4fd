import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../shared/errors';
import { scriptedClient } from '../testing/scriptedClient';
import { createModelsStore } from './modelsStore';

const list = {
  groups: [
    {
      provider: { id: 'anthropic', name: 'Anthropic' },
      models: [
        { id: 'anthropic/claude-a', displayName: 'Claude A', createdAt: '2026-01-01T00:00:00Z' },
      ],
    },
  ],
  defaultModel: 'anthropic/claude-a',
};

describe('modelsStore', () => {
  it('asks main once and keeps the answer; refresh asks again', async () => {
    const { client, callsOf } = scriptedClient(() => list);
    const store = createModelsStore(client);
    await Promise.all([store.getState().load(), store.getState().load()]);
    await store.getState().load();
    expect(callsOf('models.list')).toEqual([{}]);
    expect(store.getState().list).toEqual({ state: 'ready', value: list });
    await store.getState().load(true);
    expect(callsOf('models.list')).toEqual([{}, { refresh: true }]);
  });

  it('keeps the list it has when a refresh fails', async () => {
    let fail = false;
    const { client } = scriptedClient(() => {
      if (fail) throw new AppError(AppErrorCode.LlmNetwork, 'offline');
      return list;
    });
    const store = createModelsStore(client);
    await store.getState().load();
    fail = true;
    await store.getState().load(true);
    expect(store.getState().list?.state).toBe('ready');
  });
});
