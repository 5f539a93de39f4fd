import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SettingsPatch, SettingsSnapshot } from '../../shared/domain/settings';
import { AppError } from '../../shared/errors';
import type { HostText } from '../../shared/text/hostText';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ErrorInfo } from './loadable';

/** A refused save: the error, and what is wrong with each field (by setting name). */
export interface SettingsError extends ErrorInfo {
  fields: Record<string, { message: string; text?: HostText }>;
}

export interface SettingsState {
  snapshot: SettingsSnapshot;
  /** A failed save's message, shown beside the form; cleared by the next success. */
  error: SettingsError | null;
  update: (patch: SettingsPatch) => Promise<boolean>;
  setApiKey: (apiKey: string) => Promise<boolean>;
  clearApiKey: () => Promise<boolean>;
}

export type SettingsStore = StoreApi<SettingsState>;

/** Projection of main's settings; every change goes through main and comes back as an event. */
export function createSettingsStore(client: HostClient, initial: SettingsSnapshot): SettingsStore {
  const store = createStore<SettingsState>()((set) => {
    const run = async (action: () => Promise<SettingsSnapshot>): Promise<boolean> => {
      try {
        set({ snapshot: await action(), error: null });
        return true;
      } catch (error) {
        set({ error: describeError(error) });
        return false;
      }
    };
    return {
      snapshot: initial,
      error: null,
      update: (patch) => run(() => client.invoke('settings.update', patch)),
      setApiKey: (apiKey) => run(() => client.invoke('settings.setApiKey', { apiKey })),
      clearApiKey: () => run(() => client.invoke('settings.clearApiKey', {})),
    };
  });
  client.on('settings.changed', (snapshot) => store.setState({ snapshot }));
  return store;
}

function describeError(error: unknown): SettingsError {
  const fields: SettingsError['fields'] = {};
  if (error instanceof AppError) {
    const data = error.data as
      { issues?: { path: string; message: string; text?: HostText }[] } | undefined;
    for (const issue of data?.issues ?? []) {
      fields[issue.path] = { message: issue.message, ...(issue.text ? { text: issue.text } : {}) };
    }
  }
  return { ...errorInfo(error), fields };
}
