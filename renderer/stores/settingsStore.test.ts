import { describe, expect, it } from 'vitest';
import { defaultSettings, type SettingsSnapshot } from '../../shared/domain/settings';
import { AppError, AppErrorCode } from '../../shared/errors';
import type { HostClient } from '../host/HostClient';
import { createSettingsStore } from './settingsStore';

const initial: SettingsSnapshot = { ...defaultSettings, apiKeySource: 'none' };

/** A scripted host at the client seam: records calls, replays events. */
function scriptedClient(answer: (name: string, input: unknown) => unknown) {
  const listeners: ((payload: SettingsSnapshot) => void)[] = [];
  const calls: [string, unknown][] = [];
  const client = {
    invoke: (name: string, input: unknown) => {
      calls.push([name, input]);
      try {
        return Promise.resolve(answer(name, input));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    on: (_name: string, cb: (payload: SettingsSnapshot) => void) => {
      listeners.push(cb);
      return () => {};
    },
  } as unknown as HostClient;
  return { client, calls, emit: (s: SettingsSnapshot) => listeners.forEach((l) => l(s)) };
}

describe('settingsStore', () => {
  it('applies main’s answer, not the request', async () => {
    const { client, calls } = scriptedClient(() => ({ ...initial, theme: 'dark' }));
    const store = createSettingsStore(client, initial);
    expect(await store.getState().update({ theme: 'light' })).toBe(true);
    expect(calls).toEqual([['settings.update', { theme: 'light' }]]);
    expect(store.getState().snapshot.theme).toBe('dark');
  });

  it('follows settings.changed events from other windows', () => {
    const { client, emit } = scriptedClient(() => initial);
    const store = createSettingsStore(client, initial);
    emit({ ...initial, language: 'zh-CN' });
    expect(store.getState().snapshot.language).toBe('zh-CN');
  });

  it('keeps field errors from a validation failure and clears them on success', async () => {
    let fail = true;
    const { client } = scriptedClient(() => {
      if (fail) {
        throw new AppError(AppErrorCode.Validation, 'Invalid input', {
          issues: [
            {
              path: 'apiBaseUrl',
              message: 'Must be an http(s) URL',
              text: { key: 'validation.url' },
            },
          ],
        });
      }
      return initial;
    });
    const store = createSettingsStore(client, initial);
    expect(await store.getState().update({ apiBaseUrl: 'ftp://x' })).toBe(false);
    expect(store.getState().error?.fields.apiBaseUrl).toEqual({
      message: 'Must be an http(s) URL',
      text: { key: 'validation.url' },
    });
    expect(store.getState().snapshot).toEqual(initial);
    fail = false;
    expect(await store.getState().update({ theme: 'dark' })).toBe(true);
    expect(store.getState().error).toBeNull();
  });
});
