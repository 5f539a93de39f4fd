import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BundleInstallRequest, BundleView } from '../../shared/domain/bundleViews';
import type { RegistryInstallRequest, RegistryServer } from '../../shared/domain/registryViews';
import type { FieldChange, RegistryReview } from '../../shared/domain/registryReview';
import type { ServerForm, ServerTestResult } from '../../shared/domain/serverForm';
import type { RequestInput } from '../../shared/ipc/contract';
import type { HostClient } from '../host/HostClient';
import { createBundleReview, type BundleReviewActions } from './bundleReview';
import { documentArrived } from './configReducers';
import type { ConfigStore } from './configStore';
import { errorInfo, type ErrorInfo } from './loadable';

/** An action's outcome, with its value when it has one. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** A registry install's outcome; a refused one may name the fields that changed. */
export type RegistryInstallOutcome =
  { ok: true; value: string } | { ok: false; error: ErrorInfo; changes?: FieldChange[] };

/** The registry browser's list: pages appended as the person asks for more. */
export interface RegistryList {
  query: string;
  servers: RegistryServer[];
  nextCursor?: string;
  registryUrl?: string;
  state: 'idle' | 'loading' | 'ready' | 'failed';
  error?: ErrorInfo;
}

export type PickPathRequest = RequestInput<'platform.pickPath'>;

export interface GettingServersState extends BundleReviewActions {
  registry: RegistryList;
  /** Search (a new query) or load the next page (`more`). Late answers of older queries are dropped. */
  search: (query: string, more?: boolean) => Promise<void>;
  loadForm: (name: string) => Promise<Result<ServerForm>>;
  testForm: (form: ServerForm, originalName?: string) => Promise<Result<ServerTestResult>>;
  saveForm: (form: ServerForm, originalName?: string) => Promise<Result<null>>;
  removeServer: (name: string) => Promise<Result<null>>;
  /** The version document to install, pinned, with what each option runs (registry.review). */
  reviewRegistry: (name: string, version: string) => Promise<Result<RegistryReview>>;
  installFromRegistry: (request: RegistryInstallRequest) => Promise<RegistryInstallOutcome>;
  inspectBundle: (path: string) => Promise<Result<BundleView>>;
  installBundle: (request: BundleInstallRequest) => Promise<Result<string>>;
  /** The native picker (desktop app); `null` when cancelled. */
  pickPath: (request: PickPathRequest) => Promise<Result<string | null>>;
}

export type GettingServersStore = StoreApi<GettingServersState>;

/**
 * Adding servers: the form, the registry browser and bundle installs. Saves update the servers
 * file's projection (configStore) with the document main returns.
 */
export function createGettingServersStore(
  client: HostClient,
  config: ConfigStore,
): GettingServersStore {
  const attempt = async <T>(run: () => Promise<T>): Promise<Result<T>> => {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      return { ok: false, error: errorInfo(error) };
    }
  };
  const applied = (document: Parameters<typeof documentArrived>[1]) =>
    config.setState((s) => documentArrived(s, document));
  let searchSeq = 0;
  return createStore<GettingServersState>()((set, get) => ({
    registry: { query: '', servers: [], state: 'idle' },
    ...createBundleReview(client, set, get),
    search: async (query, more = false) => {
      const current = get().registry;
      if (more && (!current.nextCursor || current.state === 'loading')) return;
      const seq = ++searchSeq;
      const cursor = more ? current.nextCursor : undefined;
      set({
        registry: more
          ? { ...current, state: 'loading' }
          : { query, servers: [], state: 'loading' },
      });
      try {
        const page = await client.invoke('registry.search', {
          query,
          ...(cursor ? { cursor } : {}),
        });
        if (seq !== searchSeq) return;
        set({
          registry: {
            query,
            servers: more ? [...current.servers, ...page.servers] : page.servers,
            ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
            registryUrl: page.registryUrl,
            state: 'ready',
          },
        });
      } catch (error) {
        if (seq !== searchSeq) return;
        set({ registry: { ...get().registry, state: 'failed', error: errorInfo(error) } });
      }
    },
    loadForm: (name) => attempt(() => client.invoke('servers.getForm', { name })),
    testForm: (form, originalName) =>
      attempt(() =>
        client.invoke('servers.testForm', { form, ...(originalName ? { originalName } : {}) }),
      ),
    saveForm: (form, originalName) =>
      attempt(async () => {
        applied(
          await client.invoke('servers.saveForm', {
            form,
            ...(originalName ? { originalName } : {}),
          }),
        );
        return null;
      }),
    removeServer: (name) =>
      attempt(async () => {
        applied(await client.invoke('servers.remove', { name }));
        return null;
      }),
    reviewRegistry: (name, version) =>
      attempt(() => client.invoke('registry.review', { name, version })),
    installFromRegistry: async (request) => {
      try {
        const result = await client.invoke('registry.install', request);
        applied(result.document);
        return { ok: true, value: result.serverName };
      } catch (error) {
        // A document that changed since the review: main names the fields.
        const changes = await import('./changedFieldsOf').then(
          (m) => m.changedFieldsOf(error),
          () => undefined,
        );
        return { ok: false, error: errorInfo(error), ...(changes ? { changes } : {}) };
      }
    },
    inspectBundle: (path) => attempt(() => client.invoke('bundles.inspect', { path })),
    installBundle: (request) =>
      attempt(async () => {
        const result = await client.invoke('bundles.install', request);
        applied(result.document);
        return result.serverName;
      }),
    pickPath: (request) =>
      attempt(async () => (await client.invoke('platform.pickPath', request)).path),
  }));
}
