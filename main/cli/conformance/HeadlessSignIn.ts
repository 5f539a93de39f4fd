import { AppError, AppErrorCode } from '../../../shared/errors';
import { grantOf } from '../../../shared/domain/oauthConfig';
import { AuthRequiredError } from '../../services/mcp/auth/authErrors';
import { HostOAuthProvider } from '../../services/mcp/auth/HostOAuthProvider';
import { MachineOAuthProvider } from '../../services/mcp/auth/MachineOAuthProvider';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { OAuthStore } from '../../services/mcp/auth/OAuthStore';
import type { ServerOAuthProvider } from '../../services/mcp/auth/ServerOAuthProvider';
import { ServerSecrets } from '../../services/secrets/ServerSecrets';
import type { ConformanceOAuth } from './conformanceOAuth';

/** Where the suite's authorization servers send the person back; nothing listens there. */
const REDIRECT_URL = 'http://127.0.0.1:3000/callback';

/**
 * Sign-ins for the conformance client, where no person and no browser are there: the host's
 * own providers (over a secret store that lives only in this process, holding the scenario's
 * credentials under the names the `oauth` block refers to) ask for authorization as in the
 * app. A grant without a person ({@link MachineOAuthProvider}) gets its token inside the
 * connect; for the browser sign-in, approving means requesting the authorization URL without
 * following its redirect and taking `code`, `state` and `iss` from the `Location` header, as
 * the suite expects. The answer then goes through the same checks as a browser's would.
 */
export class HeadlessSignIn {
  readonly provider: ServerOAuthProvider;
  private pending: URL | undefined;
  private signIns = 0;

  private constructor(
    provider: (signIn: HeadlessSignIn) => ServerOAuthProvider,
    /** Sign-ins allowed in one run: a server that keeps asking is refused after that. */
    private readonly maxSignIns: number,
  ) {
    this.provider = provider(this);
  }

  /** A sign-in for `serverUrl` configured like `setup.oauth`, with its secrets stored. */
  static async create(
    serverUrl: string,
    setup: ConformanceOAuth,
    maxSignIns = 2,
  ): Promise<HeadlessSignIn> {
    const store = new MemorySecretStore();
    // Kept as the app keeps them, so the `oauth` block's references resolve the same way.
    const secrets = new ServerSecrets(store);
    for (const [name, value] of Object.entries(setup.secrets)) await secrets.set(name, value);
    const common = { serverName: 'conformance', serverUrl, oauth: setup.oauth };
    const clientName = 'Switchboard conformance client';
    const oauthStore = new OAuthStore(store);
    return new HeadlessSignIn(
      (signIn) =>
        grantOf(setup.oauth) === 'authorization_code'
          ? new HostOAuthProvider({
              ...common,
              store: oauthStore,
              secrets,
              redirectUrl: () => REDIRECT_URL,
              onRedirect: (url) => {
                signIn.pending = url;
              },
              clientName,
            })
          : new MachineOAuthProvider({ ...common, store: oauthStore, secrets, clientName }),
      maxSignIns,
    );
  }

  /**
   * Whether `error` is a sign-in this run can still give: the server asked (an authorization
   * URL is waiting) and the budget is not spent.
   */
  canSignIn(error: unknown): boolean {
    return (
      error instanceof AppError &&
      error.code === AppErrorCode.McpAuthRequired &&
      this.pending !== undefined &&
      this.signIns < this.maxSignIns
    );
  }

  /** `error`, or why this run stops asking when the server keeps wanting another sign-in. */
  explain(error: unknown): unknown {
    const looping =
      error instanceof AppError &&
      error.code === AppErrorCode.McpAuthRequired &&
      this.pending !== undefined &&
      this.signIns >= this.maxSignIns;
    if (!looping) return error;
    return new AppError(
      AppErrorCode.McpAuthRequired,
      `Still not authorized after ${this.signIns} sign-in(s); stopped instead of asking again (${error.message})`,
    );
  }

  /** Approves the waiting authorization and completes it; rejects when any check fails. */
  async signIn(error: unknown): Promise<void> {
    const url = this.pending;
    if (!url) throw new AppError(AppErrorCode.McpAuthRequired, 'No authorization is waiting');
    this.pending = undefined;
    this.signIns += 1;
    const callback = await followAuthorization(url);
    // At connect, the transport that asked finishes (it knows the challenge); later, the
    // provider does it from its stored discovery state.
    if (error instanceof AuthRequiredError) await error.finishAuth(callback);
    else await this.provider.finishAuthorization(callback);
  }
}

/** The authorization server's redirect back to us, read from `Location` without following it. */
async function followAuthorization(url: URL): Promise<URLSearchParams> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) {
    throw new AppError(
      AppErrorCode.McpAuthRequired,
      `The authorization endpoint answered ${response.status} without redirecting back`,
    );
  }
  const back = new URL(location, url);
  if (`${back.origin}${back.pathname}` !== REDIRECT_URL) {
    throw new AppError(
      AppErrorCode.McpAuthRequired,
      'The authorization server redirected somewhere other than the redirect URI sent',
    );
  }
  return back.searchParams;
}
