import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ElicitationResponse,
  InteractionPolicies,
  InteractionView,
  RootView,
  SamplingDecision,
  ServerInteractionPolicy,
  UrlAction,
} from '../../shared/domain/interactions';
import { AppError, AppErrorCode } from '../../shared/errors';
import type { HostClient } from '../host/HostClient';
import type { FieldError } from './fieldErrorsOf';
import { upsertInteraction } from './interactionsReducers';
import { errorInfo, type ActionResult, type ErrorInfo, type Loadable } from './loadable';
import { without } from './serversReducers';

/** A failed answer: main's message, and per-field messages for a rejected form. */
export interface InteractionError extends ErrorInfo {
  fields: Record<string, FieldError>;
}

/**
 * Shown briefly, then dismissed: a request the server withdrew while it was waiting, or
 * requests refused because the server had too many waiting (one notice per server, counted).
 */
export type WithdrawnNotice =
  | { id: string; server: string; kind: 'withdrawn' }
  | { id: string; server: string; kind: 'refused'; count: number };

export interface RootsList {
  roots: RootView[];
  canPick: boolean;
}

/** The interactions store's state and actions. */
export interface InteractionsState {
  /** Sampling, elicitation and URL requests waiting for the person, oldest first. */
  pending: InteractionView[];
  /** Answers on their way, so buttons are not pressed twice. */
  responding: Record<string, true>;
  errors: Record<string, InteractionError>;
  notices: WithdrawnNotice[];
  /** The queue dialog is open; `openId` is the interaction it shows (null: the list). */
  queueOpen: boolean;
  openId: string | null;
  roots: Loadable<RootsList> | null;
  policies: Loadable<InteractionPolicies> | null;
  respondSampling: (id: string, decision: SamplingDecision) => Promise<ActionResult>;
  respondElicitation: (id: string, response: ElicitationResponse) => Promise<ActionResult>;
  respondUrl: (id: string, action: UrlAction) => Promise<ActionResult>;
  showQueue: (openId?: string | null) => void;
  closeQueue: () => void;
  dismissNotice: (id: string) => void;
  loadRoots: () => Promise<void>;
  addRoot: (path: string) => Promise<ActionResult>;
  pickRoot: () => Promise<ActionResult>;
  removeRoot: (path: string) => Promise<ActionResult>;
  loadPolicies: () => Promise<void>;
  setPolicy: (server: string, policy: ServerInteractionPolicy) => Promise<ActionResult>;
  resync: () => Promise<void>;
}

export type InteractionsStore = StoreApi<InteractionsState>;

/** Projection of main's interaction broker, roots and per-server policies. */
export function createInteractionsStore(
  client: HostClient,
  initial: InteractionView[] = [],
): InteractionsStore {
  const store = createStore<InteractionsState>()((set, get) => {
    const drop = (id: string): void =>
      set((s) => ({
        pending: s.pending.filter((i) => i.id !== id),
        responding: without(s.responding, id),
        errors: without(s.errors, id),
        openId: s.openId === id ? null : s.openId,
      }));

    /** Sends an answer once; the panel closes on `interactions.resolved` or a new stage. */
    const answer = async (id: string, send: () => Promise<unknown>): Promise<ActionResult> => {
      if (get().responding[id]) return { ok: true };
      set((s) => ({ responding: { ...s.responding, [id]: true }, errors: without(s.errors, id) }));
      try {
        await send();
        set((s) => ({ responding: without(s.responding, id) }));
        return { ok: true };
      } catch (error) {
        // Settled meanwhile (another window, the server went away): nothing waits any more.
        if (error instanceof AppError && error.code === AppErrorCode.NotFound) {
          drop(id);
          return { ok: true };
        }
        const info = errorInfo(error);
        const fields =
          error instanceof AppError
            ? await import('./fieldErrorsOf').then(
                (m) => m.fieldErrorsOf(error.data),
                () => ({}),
              )
            : {};
        set((s) => ({
          responding: without(s.responding, id),
          errors: { ...s.errors, [id]: { ...info, fields } },
        }));
        return { ok: false, error: info };
      }
    };

    const rootsChange = async (send: () => Promise<{ roots: RootView[] }>) => {
      try {
        const { roots } = await send();
        set((s) => ({
          roots: {
            state: 'ready',
            value: { roots, canPick: s.roots?.state === 'ready' ? s.roots.value.canPick : false },
          },
        }));
        return { ok: true } as const;
      } catch (error) {
        return { ok: false, error: errorInfo(error) } as const;
      }
    };

    return {
      pending: initial.reduce<InteractionView[]>(upsertInteraction, []),
      responding: {},
      errors: {},
      notices: [],
      queueOpen: false,
      openId: null,
      roots: null,
      policies: null,
      respondSampling: (id, decision) =>
        answer(id, () => client.invoke('interactions.respondSampling', { id, decision })),
      respondElicitation: (id, response) =>
        answer(id, () => client.invoke('interactions.respondElicitation', { id, response })),
      respondUrl: (id, action) =>
        answer(id, () => client.invoke('interactions.respondUrl', { id, action })),
      showQueue: (openId = null) => set({ queueOpen: true, openId }),
      closeQueue: () => set({ queueOpen: false, openId: null }),
      dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
      loadRoots: async () => {
        if (get().roots?.state !== 'ready') set({ roots: { state: 'loading' } });
        try {
          const value = await client.invoke('roots.list', {});
          set({ roots: { state: 'ready', value } });
        } catch (error) {
          if (get().roots?.state !== 'ready')
            set({ roots: { state: 'failed', error: errorInfo(error) } });
        }
      },
      addRoot: (path) => rootsChange(() => client.invoke('roots.add', { path })),
      pickRoot: () => rootsChange(() => client.invoke('roots.pick', {})),
      removeRoot: (path) => rootsChange(() => client.invoke('roots.remove', { path })),
      loadPolicies: async () => {
        if (get().policies?.state !== 'ready') set({ policies: { state: 'loading' } });
        try {
          const { policies } = await client.invoke('interactions.getPolicies', {});
          set({ policies: { state: 'ready', value: policies } });
        } catch (error) {
          if (get().policies?.state !== 'ready')
            set({ policies: { state: 'failed', error: errorInfo(error) } });
        }
      },
      setPolicy: async (server, policy) => {
        try {
          const { policies } = await client.invoke('interactions.setPolicy', { server, policy });
          set({ policies: { state: 'ready', value: policies } });
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      resync: async () => {
        try {
          const { interactions } = await client.invoke('interactions.pending', {});
          const ids = new Set(interactions.map((i) => i.id));
          set((s) => ({
            pending: interactions.reduce<InteractionView[]>(upsertInteraction, []),
            openId: s.openId !== null && ids.has(s.openId) ? s.openId : null,
          }));
        } catch {
          // The events that follow keep the list right; the next reconnect tries again.
        }
        if (get().roots) await get().loadRoots();
        if (get().policies) await get().loadPolicies();
      },
    };
  });

  client.on('interactions.changed', ({ interaction }) =>
    store.setState((s) => ({ pending: upsertInteraction(s.pending, interaction) })),
  );
  client.on('interactions.resolved', ({ id, outcome }) =>
    store.setState((s) => {
      const gone = s.pending.find((i) => i.id === id);
      return {
        pending: s.pending.filter((i) => i.id !== id),
        responding: without(s.responding, id),
        errors: without(s.errors, id),
        openId: s.openId === id ? null : s.openId,
        notices:
          outcome === 'withdrawn' && gone
            ? [...s.notices, { id, server: gone.server, kind: 'withdrawn' as const }]
            : s.notices,
      };
    }),
  );
  client.on('interactions.refused', ({ server }) =>
    store.setState((s) => ({ notices: refusedNotice(s.notices, server) })),
  );
  client.on('roots.changed', ({ roots }) =>
    store.setState((s) =>
      // Before the first `roots.list` the picker's availability is unknown: that load follows.
      s.roots?.state === 'ready'
        ? { roots: { state: 'ready', value: { ...s.roots.value, roots } } }
        : {},
    ),
  );
  client.on('interactions.policiesChanged', ({ policies }) =>
    store.setState({ policies: { state: 'ready', value: policies } }),
  );
  return store;
}

/** Adds one refusal to the server's notice (a flood makes one notice with a count, not many). */
export function refusedNotice(notices: WithdrawnNotice[], server: string): WithdrawnNotice[] {
  const id = `refused:${server}`;
  const existing = notices.find((n) => n.id === id);
  if (existing?.kind === 'refused') {
    return notices.map((n) => (n === existing ? { ...existing, count: existing.count + 1 } : n));
  }
  return [...notices, { id, server, kind: 'refused', count: 1 }];
}
