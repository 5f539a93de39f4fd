import { turnError } from '../../shared/domain/turnError';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ProviderAdd,
  ProviderPatch,
  ProviderTestResult,
  ProviderView,
} from '../../shared/domain/providers';
import { AppError } from '../../shared/errors';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type ErrorInfo, type Loadable } from './loadable';
import type { ModelsStore } from './modelsStore';

/** A change main refused, with its message per field (`baseURL`, `name`, …) where it has one. */
export type ProviderUpdateResult =
  { ok: true } | { ok: false; error: ErrorInfo; fields: Record<string, string> };

/** A "Test connection" in flight, or its answer. */
export type ProviderTest = { state: 'testing' } | { state: 'done'; result: ProviderTestResult };

/** The providers store's state and actions. */
export interface ProvidersState {
  /** Null until the settings screen first asked. */
  list: Loadable<ProviderView[]> | null;
  /** The last test of each provider, by id. */
  tests: Record<string, ProviderTest>;
  load: () => Promise<void>;
  /** Adds from a preset with a name, URL and key; resolves to the new provider's id. */
  add: (
    input: ProviderAdd,
  ) => Promise<
    { ok: true; id: string } | { ok: false; error: ErrorInfo; fields: Record<string, string> }
  >;
  /** Tests a provider not added yet (the Add provider dialog); nothing is kept. */
  testDraft: (input: ProviderAdd) => Promise<ProviderTestResult>;
  update: (id: string, patch: ProviderPatch) => Promise<ProviderUpdateResult>;
  remove: (id: string) => Promise<ActionResult>;
  setApiKey: (id: string, apiKey: string) => Promise<ActionResult>;
  clearApiKey: (id: string) => Promise<ActionResult>;
  test: (id: string) => Promise<void>;
}

/** The providers store. */
export type ProvidersStore = StoreApi<ProvidersState>;

/**
 * Projection of main's model providers (never a key: only where each comes from). Every change
 * goes through main and comes back as `providers.changed`; the model lists are asked again then.
 */
export function createProvidersStore(client: HostClient, models: ModelsStore): ProvidersStore {
  const store = createStore<ProvidersState>()((set, get) => {
    const act = async (action: () => Promise<unknown>): Promise<ActionResult> => {
      try {
        await action();
        return { ok: true };
      } catch (error) {
        return { ok: false, error: errorInfo(error) };
      }
    };
    return {
      list: null,
      tests: {},
      load: async () => {
        if (get().list?.state !== 'ready') set({ list: { state: 'loading' } });
        try {
          const { providers } = await client.invoke('providers.list', {});
          set({ list: { state: 'ready', value: providers } });
        } catch (error) {
          set({ list: { state: 'failed', error: errorInfo(error) } });
        }
      },
      add: async (input) => {
        try {
          const added = await client.invoke('providers.add', input);
          return { ok: true, id: added.id };
        } catch (error) {
          return { ok: false, error: errorInfo(error), fields: fieldErrors(error) };
        }
      },
      testDraft: async (input) => {
        try {
          return await client.invoke('providers.testDraft', input);
        } catch (error) {
          return { ok: false, error: turnError(AppError.from(error)) };
        }
      },
      update: async (id, patch) => {
        try {
          await client.invoke('providers.update', { id, patch });
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error), fields: fieldErrors(error) };
        }
      },
      remove: (id) => act(() => client.invoke('providers.remove', { id })),
      setApiKey: (id, apiKey) => act(() => client.invoke('providers.setApiKey', { id, apiKey })),
      clearApiKey: (id) => act(() => client.invoke('providers.clearApiKey', { id })),
      test: async (id) => {
        set({ tests: { ...get().tests, [id]: { state: 'testing' } } });
        let result: ProviderTestResult;
        try {
          result = await client.invoke('providers.test', { id });
        } catch (error) {
          result = { ok: false, error: turnError(AppError.from(error)) };
        }
        set({ tests: { ...get().tests, [id]: { state: 'done', result } } });
      },
    };
  });
  client.on('providers.changed', ({ providers }) => {
    store.setState({ list: { state: 'ready', value: providers } });
    // A provider, its URL or its key changed: the pickers' lists may have too.
    void models.getState().load(true);
  });
  return store;
}

/** `patch.baseURL: Must be an http(s) URL` → `{ baseURL: 'Must be an http(s) URL' }`. */
function fieldErrors(error: unknown): Record<string, string> {
  const issues =
    error instanceof AppError
      ? (error.data as { issues?: unknown } | undefined)?.issues
      : undefined;
  const fields: Record<string, string> = {};
  if (!Array.isArray(issues)) return fields;
  for (const issue of issues as Array<{ path?: unknown; message?: unknown }>) {
    const field = typeof issue.path === 'string' ? issue.path.split('.').at(-1) : undefined;
    if (field && typeof issue.message === 'string') fields[field] ??= issue.message;
  }
  return fields;
}
