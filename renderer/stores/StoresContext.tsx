import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './appStore';
import type { ConfigState, ConfigStore } from './configStore';
import type { ServersState, ServersStore } from './serversStore';
import type { SettingsState, SettingsStore } from './settingsStore';

export interface Stores {
  app: AppStore;
  settings: SettingsStore;
  servers: ServersStore;
  config: ConfigStore;
}

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresProvider is missing');
  return stores;
}

/** Selector hooks: components read stores only through these. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useStores().app, selector);
}

export function useSettingsStore<T>(selector: (state: SettingsState) => T): T {
  return useStore(useStores().settings, selector);
}

export function useServersStore<T>(selector: (state: ServersState) => T): T {
  return useStore(useStores().servers, selector);
}

export function useConfigStore<T>(selector: (state: ConfigState) => T): T {
  return useStore(useStores().config, selector);
}
