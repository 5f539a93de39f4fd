import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SettingsPatch, SettingsSnapshot } from '../../shared/domain/settings';
import { AppError } from '../../shared/errors';
import type { HostClient } from '../host/HostClient';

export interface SettingsState {
  snapshot: SettingsSnapshot;
  /** A failed save's message, shown beside the form; cleared by the next success. */
  error: { message: string; fields: Record<string, string> } | null;
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

function describeError(error: unknown): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  if (error instanceof AppError) {
    const issues = (error.data as { issues?: { path: string; message: string }[] } | undefined)
      ?.issues;
    for (const issue of issues ?? []) fields[issue.path] = issue.message;
    return { message: error.message, fields };
  }
  return { message: String(error), fields };
}
