import type { StoreApi } from 'zustand/vanilla';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type ErrorInfo } from './loadable';
import { without } from './serversReducers';

/** The part of the servers state the sign-in actions touch. */
interface SignInState {
  pending: Record<string, string>;
  actionErrors: Record<string, ErrorInfo>;
}

export interface SignInActions {
  /** Opens the server's sign-in page in the browser; progress shows on the server's status. */
  signIn: (name: string) => Promise<ActionResult>;
  cancelSignIn: (name: string) => Promise<ActionResult>;
  /** Forgets the server's tokens (main disconnects it; it then needs a sign-in). */
  signOut: (name: string) => Promise<ActionResult>;
}

/**
 * Sign-in actions of remote servers. The outcome arrives as status changes; a request that
 * fails outright (the browser could not be opened) is kept as the server's action error.
 */
export function createSignInActions<S extends SignInState>(
  client: HostClient,
  set: StoreApi<S>['setState'],
): SignInActions {
  const run = async (
    name: string,
    action: 'signIn' | 'signOut' | 'cancelSignIn',
    call: () => Promise<unknown>,
  ): Promise<ActionResult> => {
    set(
      (s) =>
        ({
          pending: { ...s.pending, [name]: action },
          actionErrors: without(s.actionErrors, name),
        }) as Partial<S>,
    );
    try {
      await call();
      set((s) => ({ pending: without(s.pending, name) }) as Partial<S>);
      return { ok: true };
    } catch (error) {
      const info = errorInfo(error);
      set(
        (s) =>
          ({
            pending: without(s.pending, name),
            // Declining the browser prompt is a choice, not an error to show.
            actionErrors:
              info.code === 'CANCELLED' ? s.actionErrors : { ...s.actionErrors, [name]: info },
          }) as Partial<S>,
      );
      return { ok: false, error: info };
    }
  };
  return {
    signIn: (name) => run(name, 'signIn', () => client.invoke('mcp.signIn', { name })),
    cancelSignIn: (name) =>
      run(name, 'cancelSignIn', () => client.invoke('mcp.cancelSignIn', { name })),
    signOut: (name) => run(name, 'signOut', () => client.invoke('mcp.signOut', { name })),
  };
}
