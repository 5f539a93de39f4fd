import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ImportSource } from '../../shared/domain/mcpViews';
import type { RequestInput } from '../../shared/ipc/contract';
import type { HostClient } from '../host/HostClient';
import {
  documentArrived,
  draftEdited,
  editorText,
  emptyConfigModel,
  externalResolved,
  reverted,
  saveFailed,
  saveFinished,
  saveStarted,
  validated,
  type ConfigModel,
} from './configReducers';
import { errorInfo, type ActionResult, type ErrorInfo, type Loadable } from './loadable';

export type ImportRequest = RequestInput<'config.applyImport'>;

export interface ConfigState extends ConfigModel {
  loadError: ErrorInfo | null;
  /** Other hosts' server files, asked for when the import dialog opens. */
  imports: Loadable<ImportSource[]> | null;
  /** Every place the import looked (shown when it found nothing). */
  importSearched: string[];
  load: () => Promise<void>;
  /** The person typed: the text is checked by main a moment after they pause. */
  edit: (text: string) => void;
  /** Sends the editor's text to main, which alone validates and writes. */
  save: () => Promise<void>;
  revert: () => void;
  resolveExternal: (choice: 'reload' | 'keep') => void;
  listImports: () => Promise<void>;
  applyImport: (request: ImportRequest) => Promise<ActionResult>;
  /** Reads a file the person chose and lists it first among the sources; its id, or an error. */
  readImportFile: (
    path: string,
  ) => Promise<{ ok: true; id: string } | { ok: false; error: ErrorInfo }>;
}

export type ConfigStore = StoreApi<ConfigState>;

/** Typing pauses this long before main checks the text (problems then show as they are). */
export const LINT_DELAY_MS = 250;

/** Projection of the servers file, plus the person's unsaved edits of it. */
export function createConfigStore(client: HostClient): ConfigStore {
  let lintTimer: ReturnType<typeof setTimeout> | undefined;
  const store = createStore<ConfigState>()((set, get) => {
    const reduce = (reducer: (model: ConfigModel) => ConfigModel): void => set((s) => reducer(s));
    // The same validation main runs on save, on the text as typed; nothing is written.
    const lint = async (text: string): Promise<void> => {
      try {
        const { problems } = await client.invoke('config.validate', { text });
        reduce((m) => validated(m, text, problems));
      } catch {
        // Not checked now (connection down, text too large): the save still checks it.
      }
    };
    return {
      ...emptyConfigModel,
      loadError: null,
      imports: null,
      importSearched: [],
      load: async () => {
        try {
          const doc = await client.invoke('config.get', {});
          set({ loadError: null });
          reduce((m) => documentArrived(m, doc));
        } catch (error) {
          set({ loadError: errorInfo(error) });
        }
      },
      edit: (text) => {
        reduce((m) => draftEdited(m, text));
        clearTimeout(lintTimer);
        lintTimer = setTimeout(() => void lint(text), LINT_DELAY_MS);
      },
      save: async () => {
        const text = editorText(get());
        if (get().savingText !== null) return;
        reduce((m) => saveStarted(m, text));
        try {
          const answer = await client.invoke('config.save', { text });
          reduce((m) => saveFinished(m, text, answer));
        } catch (error) {
          reduce((m) => saveFailed(m, errorInfo(error)));
        }
      },
      revert: () => reduce(reverted),
      resolveExternal: (choice) => reduce((m) => externalResolved(m, choice)),
      listImports: async () => {
        set({ imports: { state: 'loading' } });
        try {
          const { sources, searched } = await client.invoke('config.listImports', {});
          set({ imports: { state: 'ready', value: sources }, importSearched: searched ?? [] });
        } catch (error) {
          set({ imports: { state: 'failed', error: errorInfo(error) } });
        }
      },
      readImportFile: async (path) => {
        try {
          const source = await client.invoke('config.readImportFile', { path });
          const listed = get().imports;
          const others =
            listed?.state === 'ready' ? listed.value.filter((s) => s.id !== source.id) : [];
          set({ imports: { state: 'ready', value: [source, ...others] } });
          return { ok: true, id: source.id };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      applyImport: async (request) => {
        try {
          const doc = await client.invoke('config.applyImport', request);
          reduce((m) => documentArrived(m, doc));
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
    };
  });
  client.on('config.changed', (doc) => store.setState((s) => documentArrived(s, doc)));
  return store;
}
