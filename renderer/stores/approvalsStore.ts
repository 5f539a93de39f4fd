import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApprovalDecision, ApprovalRequest, GrantView } from '../../shared/domain/approvals';
import { AppError, AppErrorCode } from '../../shared/errors';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type ErrorInfo, type Loadable } from './loadable';
import { without } from './serversReducers';

/** The approvals store's state and actions. */
export interface ApprovalsState {
  /** Tool calls waiting for the person, oldest first (the dialog shows them in this order). */
  pending: ApprovalRequest[];
  /** Requests whose answer is on its way, so their buttons are not pressed twice. */
  responding: Record<string, true>;
  /** A failed answer per request, shown in the dialog. */
  errors: Record<string, ErrorInfo>;
  /** "Always allow" grants; null until the grants screen asked. */
  grants: Loadable<GrantView[]> | null;
  revoking: Record<string, true>;
  respond: (requestId: string, decision: ApprovalDecision) => Promise<ActionResult>;
  loadGrants: () => Promise<void>;
  revoke: (grantId: string) => Promise<ActionResult>;
  /** After a reconnect: what is still waiting, and the grants if they are shown. */
  resync: () => Promise<void>;
}

/** The approvals store. */
export type ApprovalsStore = StoreApi<ApprovalsState>;

/** Adds a request once, keeping the queue oldest first. */
export function enqueueRequest(
  queue: readonly ApprovalRequest[],
  request: ApprovalRequest,
): ApprovalRequest[] {
  if (queue.some((r) => r.id === request.id)) return queue as ApprovalRequest[];
  return [...queue, request].sort((a, b) => a.createdAt - b.createdAt);
}

/** Projection of the approval broker: the waiting calls, the person's answers, the grants. */
export function createApprovalsStore(
  client: HostClient,
  initial: ApprovalRequest[],
): ApprovalsStore {
  const store = createStore<ApprovalsState>()((set, get) => {
    const settle = (requestId: string): void =>
      set((s) => ({
        pending: s.pending.filter((r) => r.id !== requestId),
        responding: without(s.responding, requestId),
        errors: without(s.errors, requestId),
      }));
    return {
      pending: initial.reduce<ApprovalRequest[]>(enqueueRequest, []),
      responding: {},
      errors: {},
      grants: null,
      revoking: {},
      respond: async (requestId, decision) => {
        if (get().responding[requestId]) return { ok: true };
        set((s) => ({
          responding: { ...s.responding, [requestId]: true },
          errors: without(s.errors, requestId),
        }));
        try {
          await client.invoke('approvals.respond', { requestId, decision });
          settle(requestId);
          return { ok: true };
        } catch (error) {
          // Settled meanwhile (another window, the turn stopped): nothing is waiting any more.
          if (error instanceof AppError && error.code === AppErrorCode.NotFound) {
            settle(requestId);
            return { ok: true };
          }
          const info = errorInfo(error);
          set((s) => ({
            responding: without(s.responding, requestId),
            errors: { ...s.errors, [requestId]: info },
          }));
          return { ok: false, error: info };
        }
      },
      loadGrants: async () => {
        if (get().grants?.state !== 'ready') set({ grants: { state: 'loading' } });
        try {
          const { grants } = await client.invoke('approvals.listGrants', {});
          set({ grants: { state: 'ready', value: grants } });
        } catch (error) {
          if (get().grants?.state !== 'ready') {
            set({ grants: { state: 'failed', error: errorInfo(error) } });
          }
        }
      },
      revoke: async (grantId) => {
        set((s) => ({ revoking: { ...s.revoking, [grantId]: true } }));
        try {
          await client.invoke('approvals.revokeGrant', { id: grantId });
          set((s) => ({
            revoking: without(s.revoking, grantId),
            grants:
              s.grants?.state === 'ready'
                ? { state: 'ready', value: s.grants.value.filter((g) => g.id !== grantId) }
                : s.grants,
          }));
          return { ok: true };
        } catch (error) {
          set((s) => ({ revoking: without(s.revoking, grantId) }));
          return { ok: false, error: errorInfo(error) };
        }
      },
      resync: async () => {
        try {
          const { requests } = await client.invoke('approvals.pending', {});
          set({ pending: requests.reduce<ApprovalRequest[]>(enqueueRequest, []) });
        } catch {
          // The events that follow keep the queue right; the next reconnect tries again.
        }
        if (get().grants) await get().loadGrants();
      },
    };
  });
  client.on('approvals.requested', ({ request }) =>
    store.setState((s) => ({ pending: enqueueRequest(s.pending, request) })),
  );
  client.on('approvals.resolved', ({ requestId }) =>
    store.setState((s) => ({
      pending: s.pending.filter((r) => r.id !== requestId),
      responding: without(s.responding, requestId),
      errors: without(s.errors, requestId),
    })),
  );
  client.on('approvals.grantsChanged', ({ grants }) =>
    store.setState({ grants: { state: 'ready', value: grants } }),
  );
  return store;
}
