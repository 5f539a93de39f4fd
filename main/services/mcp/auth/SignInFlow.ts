import { grantOf } from '../../../../shared/domain/oauthConfig';
import type { ServerAuth } from '../../../../shared/domain/serverAuth';
import type { HttpServerConfig } from '../../../../shared/domain/serverConfig';
import type { ServerStatus } from '../../../../shared/domain/serverStatus';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import type { Logger } from '../../../platform/Logger';
import type { ExternalOpener } from '../../../platform/PlatformServices';
import { isOpenableUrl } from '../../../platform/isOpenableUrl';
import { referencePolicy } from '../../secrets/referencePolicy';
import { NO_SECRETS, type SecretResolver } from '../../secrets/ServerSecrets';
import { signInReason } from './authErrors';
import { HostOAuthProvider } from './HostOAuthProvider';
import { LoopbackRedirectListener } from './LoopbackRedirectListener';
import { MachineOAuthProvider } from './MachineOAuthProvider';
import type { OAuthStore } from './OAuthStore';
import type { ServerOAuthProvider } from './ServerOAuthProvider';
import { hostText, type HostText } from '../../../../shared/text/hostText';

export type NeedsSignInStatus = Extract<ServerStatus, { kind: 'needs-sign-in' }>;

/** What the host gives every remote server so it can sign in. */
export interface SignInDeps {
  store: OAuthStore;
  /**
   * Where `${secret:NAME}` references in `oauth` blocks are read from: the host's
   * ServerSecrets (McpService passes its own), the same values servers start with.
   */
  secrets?: SecretResolver;
  /** The platform's browser opener (Electron asks the person first). */
  opener: ExternalOpener;
  /** How long to wait for the browser to come back. */
  timeoutMs?: number;
}

export interface SignInFlowOptions extends SignInDeps {
  config: HttpServerConfig;
  logger?: Logger;
  now?: () => number;
  /** The server's current status and a way to change it (the supervisor owns it). */
  getStatus: () => ServerStatus;
  setStatus: (status: ServerStatus) => void;
  /** Connects again on a fresh transport, now that tokens are stored. */
  reconnect: () => Promise<void>;
  /** Drops the connection (sign-out). */
  disconnect: () => Promise<void>;
}

interface Attempt {
  listener: LoopbackRedirectListener;
  /** The authorization URL handed to the browser, once the provider produced it. */
  url?: string;
}

/**
 * The sign-in of one remote server, around its {@link HostOAuthProvider}:
 *
 * - a connect that fails with MCP_AUTH_REQUIRED puts the server in `needs-sign-in`
 *   ({@link needsSignIn}); no browser opens by itself (the provider's redirect outside an
 *   attempt is dropped);
 * - {@link signIn} ("Sign in" clicked): a {@link LoopbackRedirectListener} on 127.0.0.1, the
 *   provider builds the authorization URL (PKCE, `state`, `resource`), the platform opener
 *   shows it (https or loopback only); the callback's `state` is checked, the provider checks
 *   `iss` and exchanges the code, and the server reconnects on a fresh transport;
 * - {@link cancel} stops waiting; {@link signOut} forgets tokens and registrations.
 *
 * Errors from the authorization server end up on the status in plain words.
 */
export class SignInFlow {
  readonly provider: ServerOAuthProvider;
  private attempt: Attempt | undefined;
  private readonly now: () => number;

  constructor(private readonly options: SignInFlowOptions) {
    this.now = options.now ?? Date.now;
    const { config } = options;
    const common = {
      serverName: config.name,
      serverUrl: config.url,
      store: options.store,
      secrets: restrictedResolver(options.secrets ?? NO_SECRETS, config),
      ...(options.logger ? { logger: options.logger } : {}),
    };
    this.provider =
      config.oauth && grantOf(config.oauth) !== 'authorization_code'
        ? new MachineOAuthProvider({ ...common, oauth: config.oauth })
        : new HostOAuthProvider({
            ...common,
            ...(config.oauth ? { oauth: config.oauth } : {}),
            redirectUrl: () => this.redirectUrl(),
            // Registration records the redirect URI; its port is known only once an attempt runs.
            canRegister: () => this.attempt !== undefined,
            // A connect meeting a 401 (a restart, another window) must not replace the `state`
            // and verifier a sign-in in progress waits on, nor open the browser again.
            attemptOnly: true,
            onRedirect: (url) => this.onRedirect(url),
          });
  }

  /** True while the browser step runs. */
  get inProgress(): boolean {
    return this.attempt !== undefined;
  }

  /**
   * The status after a connect or request failed with MCP_AUTH_REQUIRED. A bare "please sign
   * in" (a 401) carries no error; anything else (issuer mismatch, refused registration…) is
   * said on the status.
   */
  needsSignIn(error: AppError): NeedsSignInStatus {
    const reason = signInReason(error);
    void this.addIssuer();
    return {
      kind: 'needs-sign-in',
      since: this.now(),
      inProgress: this.attempt !== undefined,
      ...(reason ? { error: reason.message, errorText: reasonText(reason) } : {}),
    };
  }

  /**
   * Starts the browser sign-in and resolves once the authorization URL was handed to the
   * opener (or the stored refresh token sufficed). The rest happens in the background; its
   * outcome shows on the status. Clicking again while waiting opens the same URL again.
   */
  async signIn(): Promise<void> {
    const current = this.attempt;
    if (current) {
      if (current.url) await this.open(current.url);
      return;
    }
    if (!this.provider.interactive) {
      await this.authorizeWithoutBrowser();
      return;
    }
    const listener = await LoopbackRedirectListener.start({
      ...(this.options.config.oauth?.redirectPort
        ? { port: this.options.config.oauth.redirectPort }
        : {}),
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      onCallback: (params) => this.provider.finishAuthorization(params),
    });
    const attempt: Attempt = { listener };
    this.attempt = attempt;
    this.patch({ inProgress: true, error: undefined, errorText: undefined });
    try {
      const result = await this.provider.authorize();
      if (result === 'AUTHORIZED') {
        // The stored refresh token was enough: no browser needed.
        this.end(attempt);
        listener.cancel();
        await this.options.reconnect();
        return;
      }
      if (!attempt.url) {
        throw new AppError(AppErrorCode.McpAuthRequired, hostText('auth.didNotStart'));
      }
    } catch (error) {
      const appError = AppError.from(error);
      listener.cancel(appError);
      this.fail(attempt, appError);
      throw appError;
    }
    void listener.done.then(
      async () => {
        if (!this.end(attempt)) return;
        this.options.logger?.info('signed in; reconnecting');
        await this.options.reconnect();
      },
      (error: unknown) => this.fail(attempt, AppError.from(error)),
    );
  }

  /** A grant without a person: get a token now and connect, or say why not on the status. */
  private async authorizeWithoutBrowser(): Promise<void> {
    this.patch({ inProgress: true, error: undefined });
    try {
      await this.provider.authorize();
    } catch (error) {
      const appError = AppError.from(error);
      this.options.logger?.warn('token request failed', { message: appError.message });
      this.patch({ inProgress: false, error: appError.message });
      throw appError;
    }
    this.patch({ inProgress: false });
    await this.options.reconnect();
  }

  /** Stops waiting for the browser; the server stays in `needs-sign-in`. */
  cancel(): void {
    const attempt = this.attempt;
    if (!attempt) return;
    this.end(attempt);
    attempt.listener.cancel();
    this.patch({ inProgress: false, error: undefined, errorText: undefined });
    void this.provider.invalidateCredentials('verifier');
  }

  /** Forgets tokens, registrations and any sign-in in progress, then disconnects. */
  async signOut(): Promise<void> {
    const attempt = this.attempt;
    if (attempt) {
      this.end(attempt);
      attempt.listener.cancel();
    }
    await this.provider.signOut();
    this.options.logger?.info('signed out');
    await this.options.disconnect();
    this.options.setStatus({ kind: 'needs-sign-in', since: this.now(), inProgress: false });
  }

  /** What the renderer may know: signed in or not, issuer, scopes. Never a token. */
  async summary(): Promise<ServerAuth> {
    const { signedIn, issuer, scopes } = await this.options.store.summary(
      this.options.config.name,
      this.options.config.url,
    );
    return { signedIn, ...(issuer ? { issuer } : {}), ...(scopes ? { scopes } : {}) };
  }

  /** Closes a waiting listener (the server is going away). */
  dispose(): void {
    const attempt = this.attempt;
    if (!attempt) return;
    this.end(attempt);
    attempt.listener.cancel();
  }

  private redirectUrl(): string {
    if (this.attempt) return this.attempt.listener.redirectUrl;
    // Outside an attempt nothing is registered and no browser opens (a connect meeting a 401
    // only learns that a sign-in is needed, or refreshes): the fixed port if configured, else
    // the bare loopback URI.
    const port = this.options.config.oauth?.redirectPort;
    return `http://127.0.0.1${port ? `:${port}` : ''}/callback`;
  }

  private async onRedirect(url: URL): Promise<void> {
    const attempt = this.attempt;
    if (!attempt) {
      // A connect met a 401: wait for the person to click "Sign in", never open by itself.
      this.options.logger?.info('sign-in needed; waiting for the person');
      return;
    }
    if (!isOpenableUrl(url.href)) {
      throw new AppError(
        AppErrorCode.McpAuthRequired,
        hostText('auth.notHttps', { origin: url.origin }),
      );
    }
    attempt.listener.expectState(url.searchParams.get('state') ?? undefined);
    attempt.url = url.href;
    await this.open(url.href);
  }

  private async open(url: string): Promise<void> {
    // Only ever after the person clicked "Sign in": that click is the consent.
    const opened = await this.options.opener.openExternal(url, { consented: true });
    if (!opened) {
      throw new AppError(AppErrorCode.Cancelled, hostText('auth.notOpened'));
    }
  }

  /** Marks the attempt over; false when another one took its place already. */
  private end(attempt: Attempt): boolean {
    if (this.attempt !== attempt) return false;
    this.attempt = undefined;
    return true;
  }

  private fail(attempt: Attempt, error: AppError): void {
    if (!this.end(attempt)) return;
    this.options.logger?.warn('sign-in failed', { code: error.code, message: error.message });
    const cancelled = error.code === AppErrorCode.Cancelled;
    this.patch(
      cancelled
        ? { inProgress: false, error: undefined, errorText: undefined }
        : { inProgress: false, error: error.message, errorText: reasonText(error) },
    );
  }

  /** Changes the needs-sign-in status, if the server is still in it. */
  private patch(change: {
    inProgress?: boolean;
    error?: string | undefined;
    errorText?: HostText | undefined;
    issuer?: string;
  }) {
    const status = this.options.getStatus();
    if (status.kind !== 'needs-sign-in') return;
    const next: NeedsSignInStatus = { ...status, ...change };
    if (next.error === undefined) delete next.error;
    if (next.errorText === undefined) delete next.errorText;
    this.options.setStatus(next);
  }

  private async addIssuer(): Promise<void> {
    const discovery = await this.options.store.discovery(this.options.config.name);
    const issuer = discovery?.authorizationServerMetadata?.issuer;
    if (issuer) this.patch({ issuer });
  }
}

/** A sign-in problem as the window shows it: main's words, or the foreign ones passed on. */
function reasonText(error: AppError): HostText {
  return error.text ?? hostText('foreign', { text: error.message });
}

/** The `oauth` block of an entry from a registry or a bundle reads only the secrets it was given. */
function restrictedResolver(secrets: SecretResolver, config: HttpServerConfig): SecretResolver {
  const policy = referencePolicy(config.origin);
  if (!policy) return secrets;
  return { resolveValue: (value, where) => secrets.resolveValue(value, where, policy) };
}
