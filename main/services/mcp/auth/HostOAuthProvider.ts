import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  auth,
  validateAuthorizationResponseIssuer,
  validateClientMetadataUrl,
  type AuthResult,
  type DpopSession,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { OAuthConfig } from '../../../../shared/domain/oauthConfig';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import type { Logger } from '../../../platform/Logger';
import { NO_SECRETS, type SecretResolver } from '../../secrets/ServerSecrets';
import { describeAuthError } from './authErrors';
import { DpopKeys } from './DpopKeys';
import type { OAuthStore } from './OAuthStore';
import { hostText, type HostText, type HostTextKey } from '../../../../shared/text/hostText';

/** How a {@link HostOAuthProvider} is made (one per remote server). */
export interface HostOAuthProviderOptions {
  /** The server's name in the config: the key of everything stored. */
  serverName: string;
  /** The MCP endpoint; tokens saved for another URL are ignored. */
  serverUrl: string;
  oauth?: OAuthConfig;
  store: OAuthStore;
  /** The redirect URI of the attempt in progress (the loopback listener's `/callback`). */
  redirectUrl: () => string;
  /**
   * Whether a dynamic registration may be made now; default always. The app allows it only
   * while a sign-in attempt runs: registration records the redirect URI, whose loopback port
   * is only known once that attempt's listener is up.
   */
  canRegister?: () => boolean;
  /** Called with the authorization URL when the person has to approve access. */
  onRedirect: (authorizationUrl: URL) => void | Promise<void>;
  /**
   * Only {@link HostOAuthProvider.authorize} (the person's "Sign in") and its callback leg may
   * start an authorization. One the SDK starts by itself (a connect or request meeting a 401)
   * then only learns the scope: it writes no `state` or code verifier (a sign-in in progress
   * waits on those), registers nothing and never reaches `onRedirect`. Default false (the
   * conformance client signs in from the connect's own redirect).
   */
  attemptOnly?: boolean;
  /** Turns a `${secret:NAME}` client secret into its stored value when it is presented. */
  secrets?: SecretResolver;
  /** `client_name` for dynamic registration; defaults to "Switchboard". */
  clientName?: string;
  /** Diagnostics (never with a token, code or secret in them). */
  logger?: Logger;
}

/**
 * The host's OAuth 2.1 client for one remote MCP server, plugged into the SDK's transports.
 * The SDK runs the protocol (discovery with the 2025-03-26 fallbacks, PKCE S256, `resource`,
 * scope selection, `iss` validation, step-up, refresh before asking again); this class supplies
 * storage and policy:
 *
 * - client identity: the config's pre-registered `clientId`, else a Client ID Metadata Document
 *   (`clientMetadataUrl`, used when the authorization server supports it), else dynamic
 *   registration — registrations are stored per issuer, so a server that moves to another
 *   authorization server gets a new one and nothing is presented to the wrong server;
 * - a dynamic registration is only presented for an authorization request when it lists the
 *   current redirect URI exactly (strict authorization servers compare the loopback port too);
 *   otherwise the SDK registers again. It still serves a refresh, which sends no redirect URI;
 * - discovery state is only reused on the callback leg (exchanging the code): every other
 *   authorization (a 401, a step-up, "Sign in") discovers afresh, so a changed
 *   `authorization_servers` list is noticed;
 * - a random `state` per authorization request, checked by {@link checkState};
 * - scopes: the server's challenge, else its `scopes_supported`, else the config's `scopes`,
 *   else none (the SDK's order; the config only fills in when the server names nothing).
 */
export class HostOAuthProvider implements OAuthClientProvider {
  /** A person takes part (the browser step). */
  readonly interactive = true;
  private readonly server: string;
  private readonly dpopKeys: DpopKeys;
  /** The scope of the last authorization request, reused when the person clicks "Sign in". */
  private lastScope: string | undefined;
  /** Callback legs in progress: only they get the recorded discovery state. */
  private callbackLegs = 0;
  /** Redirect URIs of the dynamic registrations handed out, by client id (see the guard). */
  private readonly registeredRedirects = new Map<string, { issuer: string; uris: string[] }>();
  /** Set inside {@link authorize} and {@link finishAuthorization}, across their awaits. */
  private readonly asked = new AsyncLocalStorage<true>();

  constructor(private readonly options: HostOAuthProviderOptions) {
    this.server = options.serverName;
    this.dpopKeys = new DpopKeys(options.serverName, options.store, options.oauth?.dpop);
    // Early, clear failure for a CIMD URL the SDK would refuse mid-flow.
    validateClientMetadataUrl(options.oauth?.clientMetadataUrl);
  }

  get redirectUrl(): string {
    return this.options.redirectUrl();
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.oauth?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scopes = this.options.oauth?.scopes;
    return {
      client_name: this.options.clientName ?? 'Switchboard',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...(scopes && scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    };
  }

  /** DPoP-bound tokens (RFC 9449) when the config or the authorization server asks for them. */
  dpop(): Promise<DpopSession | undefined> {
    return this.dpopKeys.forRequest();
  }

  /** A fresh random `state` for each authorization request, remembered for the callback. */
  async state(): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    // Not remembered for a request that is never sent (see attemptOnly).
    if (this.mayAuthorize()) await this.options.store.saveExpectedState(this.server, state);
    return state;
  }

  /** False while the SDK authorizes by itself and only `authorize()` may (see attemptOnly). */
  private mayAuthorize(): boolean {
    return !this.options.attemptOnly || this.asked.getStore() === true;
  }

  /**
   * Rejects a callback whose `state` is not the one sent (a forged or stale redirect), with
   * VALIDATION. The expected state is used once.
   */
  async checkState(received: string | null | undefined): Promise<void> {
    const expected = await this.options.store.expectedState(this.server);
    if (!expected || !received || !sameString(expected, received)) {
      throw new AppError(AppErrorCode.Validation, hostText('auth.stateMismatch'));
    }
    await this.options.store.deleteExpectedState(this.server);
  }

  async clientInformation(
    ctx?: OAuthClientInformationContext,
  ): Promise<StoredOAuthClientInformation | undefined> {
    const { oauth } = this.options;
    if (oauth?.clientId) {
      // Pre-registered by the person for this server: valid for whichever issuer serves it.
      const secret = oauth.clientSecret
        ? await (this.options.secrets ?? NO_SECRETS).resolveValue(
            oauth.clientSecret,
            `${this.server}: oauth.clientSecret`,
          )
        : undefined;
      return {
        client_id: oauth.clientId,
        ...(secret ? { client_secret: secret } : {}),
        ...(ctx ? { issuer: ctx.issuer } : {}),
      };
    }
    if (!ctx) return undefined;
    const stored = await this.options.store.client(this.server, ctx.issuer);
    if (!stored) return this.noClient(ctx.issuer);
    if (isHttps(stored.client_id)) {
      // A metadata-document client id the config no longer names is not ours to present.
      return stored.client_id === this.clientMetadataUrl ? stored : this.noClient(ctx.issuer);
    }
    const uris = redirectUris(stored);
    // Unknown redirect URIs (an authorization server that did not echo them): cannot judge.
    if (!uris) return stored;
    this.registeredRedirects.set(stored.client_id, { issuer: ctx.issuer, uris });
    if (uris.includes(this.redirectUrl)) return stored;
    // Registered for another redirect URI (another loopback port). An authorization request
    // with it fails at a strict server, so register again; a refresh sends no redirect URI, so
    // it keeps serving the refresh token it was issued with.
    if (await this.hasRefreshToken(ctx.issuer)) return stored;
    this.options.logger?.info('registration made for another redirect URI; registering again');
    return this.noClient(ctx.issuer);
  }

  /**
   * What the SDK gets when there is no client to present. `undefined` makes it register (or use
   * the metadata document) — unless registering is not allowed now (no sign-in attempt: the
   * redirect URI is not known yet). Then the SDK gets a stand-in client id: it still builds the
   * authorization request, so the challenge's scope reaches {@link redirectToAuthorization}
   * and is kept for "Sign in", but that request is never sent anywhere.
   */
  private async noClient(issuer: string): Promise<StoredOAuthClientInformation | undefined> {
    if (this.canRegister()) return undefined;
    const metadata = (await this.options.store.discovery(this.server))?.authorizationServerMetadata;
    if (this.clientMetadataUrl && metadata?.client_id_metadata_document_supported === true) {
      return undefined; // the metadata document is used: nothing is registered
    }
    // A refresh with the stand-in would fail as invalid_client and cost the stored tokens.
    if (await this.hasRefreshToken(issuer)) {
      throw new UnauthorizedError(
        'Sign-in needed before registering with the authorization server',
      );
    }
    return { client_id: PENDING_CLIENT_ID, issuer };
  }

  private canRegister(): boolean {
    return this.mayAuthorize() && (this.options.canRegister?.() ?? true);
  }

  private async hasRefreshToken(issuer: string): Promise<boolean> {
    const record = await this.options.store.tokens(this.server, { fresh: true });
    if (!record || record.serverUrl !== this.options.serverUrl) return false;
    const { tokens } = record;
    return !!tokens.refresh_token && (tokens.issuer === undefined || tokens.issuer === issuer);
  }

  async saveClientInformation(
    info: StoredOAuthClientInformation,
    ctx?: OAuthClientInformationContext,
  ): Promise<void> {
    if (info.client_id === PENDING_CLIENT_ID) return;
    // Configured credentials live in the config (as `${env:…}`), not in the secret store.
    if (this.options.oauth?.clientId) return;
    const issuer = ctx?.issuer ?? info.issuer;
    if (!issuer) return;
    // A server that does not echo the registered redirect URIs: they are the ones just sent.
    const uris = isHttps(info.client_id) ? undefined : (redirectUris(info) ?? [this.redirectUrl]);
    await this.options.store.saveClient(this.server, issuer, {
      ...info,
      ...(uris ? { redirect_uris: uris } : {}),
      issuer,
    });
  }

  /** Per request (no `ctx`) from memory; during an authorization (`ctx`) from the store itself. */
  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    const record = await this.options.store.tokens(this.server, { fresh: ctx !== undefined });
    if (!record || record.serverUrl !== this.options.serverUrl) return undefined;
    return record.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = tokens.issuer ?? ctx?.issuer;
    await this.options.store.saveTokens(this.server, {
      tokens: { ...tokens, ...(issuer ? { issuer } : {}) },
      savedAt: Date.now(),
      serverUrl: this.options.serverUrl,
    });
    // The authorization in progress (if any) is done: its verifier and state are spent. A
    // refresh the SDK did by itself leaves a sign-in that waits for the browser alone.
    if (this.mayAuthorize()) {
      await this.options.store.deleteCodeVerifier(this.server);
      await this.options.store.deleteExpectedState(this.server);
    }
    this.options.logger?.info('signed in', { issuer, scope: tokens.scope });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    await this.refuseStaleRegistration(authorizationUrl);
    this.lastScope = authorizationUrl.searchParams.get('scope') ?? undefined;
    // Built with the stand-in client id, or not asked for: never opened, even if a sign-in
    // started meanwhile (its browser step has its own URL).
    const pending = authorizationUrl.searchParams.get('client_id') === PENDING_CLIENT_ID;
    if (pending || !this.mayAuthorize()) {
      this.options.logger?.info('sign-in needed', { scope: this.lastScope });
      return;
    }
    this.options.logger?.info('authorization needed', {
      authorizationServer: authorizationUrl.origin,
      scope: this.lastScope,
    });
    await this.options.onRedirect(authorizationUrl);
  }

  /**
   * A registration kept for a refresh that then did not happen (the SDK falls back to an
   * authorization request when a refresh fails without an OAuth error) must not reach a strict
   * server with a redirect URI it does not list. During a sign-in attempt it is dropped and
   * {@link authorize} starts over (registering again); otherwise nothing would open anyway.
   */
  private async refuseStaleRegistration(authorizationUrl: URL): Promise<void> {
    const clientId = authorizationUrl.searchParams.get('client_id') ?? '';
    const registered = this.registeredRedirects.get(clientId);
    const redirect = authorizationUrl.searchParams.get('redirect_uri') ?? '';
    if (!registered || registered.uris.includes(redirect)) return;
    if (this.canRegister()) {
      this.registeredRedirects.delete(clientId);
      await this.options.store.deleteClient(this.server, registered.issuer);
      throw new StaleRegistrationError();
    }
    throw new UnauthorizedError('Sign-in needed');
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    // A sign-in in progress waits on its own verifier: never overwritten by a 401 elsewhere.
    if (!this.mayAuthorize()) return;
    await this.options.store.saveCodeVerifier(this.server, codeVerifier);
  }

  async codeVerifier(): Promise<string> {
    const verifier = await this.options.store.codeVerifier(this.server);
    if (!verifier) {
      throw new AppError(AppErrorCode.McpAuthRequired, hostText('auth.noneInProgress'));
    }
    return verifier;
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    const { store } = this.options;
    switch (scope) {
      case 'all':
        this.dpopKeys.reset();
        await store.forget(this.server);
        return;
      case 'client':
        await store.deleteClients(this.server);
        return;
      case 'tokens':
        await store.deleteTokens(this.server);
        return;
      case 'verifier':
        await store.deleteCodeVerifier(this.server);
        await store.deleteExpectedState(this.server);
        return;
      case 'discovery':
        await store.deleteDiscovery(this.server);
        return;
    }
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.options.store.saveDiscovery(this.server, state);
  }

  /**
   * Only the callback leg (exchanging a code in {@link finishAuthorization}) gets the recorded
   * state: the code is bound to the authorization server that issued it. Any other
   * authorization discovers afresh, so a server that moved to another authorization server is
   * followed there (and registered with anew) instead of being asked with stale metadata.
   */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    if (this.callbackLegs === 0) return undefined;
    return this.options.store.discovery(this.server);
  }

  /**
   * Starts (or silently completes, with a refresh token) an authorization outside a request:
   * what "Sign in" does. Resolves `REDIRECT` after {@link HostOAuthProviderOptions.onRedirect}
   * got the URL, or `AUTHORIZED` when stored credentials sufficed. Failures are MCP_AUTH_REQUIRED
   * in plain words.
   */
  async authorize(): Promise<AuthResult> {
    return this.asked.run(true, () => this.authorizeAsked());
  }

  private async authorizeAsked(): Promise<AuthResult> {
    try {
      return await this.authorizeOnce().catch((error: unknown) => {
        // Its registration was dropped (see refuseStaleRegistration): once more, registering.
        if (error instanceof StaleRegistrationError) return this.authorizeOnce();
        throw error;
      });
    } catch (error) {
      throw describeAuthError(error);
    }
  }

  private async authorizeOnce(): Promise<AuthResult> {
    // The resource metadata URL the server's own challenge named, if one was seen.
    const known = (await this.options.store.discovery(this.server))?.resourceMetadataUrl;
    return auth(this, {
      serverUrl: this.options.serverUrl,
      ...(this.lastScope ? { scope: this.lastScope } : {}),
      ...(known ? { resourceMetadataUrl: new URL(known) } : {}),
    });
  }

  /**
   * Completes an authorization from the redirect's query parameters: checks `state`, then has
   * the SDK validate `iss` and exchange the code. An error answer from the authorization server
   * becomes MCP_AUTH_REQUIRED with its own words (only once its `iss`, if any, checked out).
   * Reconnect on a fresh transport afterwards.
   *
   * @param exchange - does the exchange instead of the provider itself, e.g. the transport that
   *   asked for the sign-in (`transport.finishAuth`); it runs on the callback leg all the same.
   */
  finishAuthorization(
    callback: URLSearchParams,
    exchange?: (callback: URLSearchParams) => Promise<void>,
  ): Promise<void> {
    return this.asked.run(true, () => this.finishAsked(callback, exchange));
  }

  private async finishAsked(
    callback: URLSearchParams,
    exchange: ((callback: URLSearchParams) => Promise<void>) | undefined,
  ): Promise<void> {
    await this.checkState(callback.get('state'));
    const code = callback.get('code');
    const iss = callback.get('iss') ?? undefined;
    this.callbackLegs += 1;
    try {
      if (!code) {
        await this.throwCallbackError(callback, iss);
        return;
      }
      if (exchange) {
        await exchange(callback);
        return;
      }
      const result = await auth(this, {
        serverUrl: this.options.serverUrl,
        authorizationCode: code,
        ...(iss !== undefined ? { iss } : {}),
      });
      if (result !== 'AUTHORIZED') {
        throw new AppError(AppErrorCode.McpAuthRequired, hostText('auth.incomplete'));
      }
    } catch (error) {
      throw describeAuthError(error);
    } finally {
      this.callbackLegs -= 1;
    }
  }

  /** Sign-out: forgets tokens, registrations and any authorization in progress. */
  async signOut(): Promise<void> {
    this.lastScope = undefined;
    this.dpopKeys.reset();
    await this.options.store.forget(this.server);
  }

  private async throwCallbackError(callback: URLSearchParams, iss: string | undefined) {
    const metadata = (await this.options.store.discovery(this.server))?.authorizationServerMetadata;
    if (metadata) {
      validateAuthorizationResponseIssuer({
        iss,
        expectedIssuer: metadata.issuer,
        issParameterSupported: metadata.authorization_response_iss_parameter_supported === true,
      });
    }
    const error = callback.get('error');
    if (!error) {
      throw new AppError(AppErrorCode.McpAuthRequired, hostText('auth.emptyAnswer'));
    }
    const description = metadata ? callback.get('error_description') : null;
    throw new AppError(
      AppErrorCode.McpAuthRequired,
      plainAuthorizationError(error, description ?? undefined),
      { oauthError: error },
    );
  }
}

/** RFC 6749 §4.1.2.1 error codes in words a person understands. */
function plainAuthorizationError(error: string, description: string | undefined): HostText {
  const words: Record<string, HostTextKey> = {
    access_denied: 'auth.codes.accessDenied',
    invalid_scope: 'auth.codes.invalidScope',
    unauthorized_client: 'auth.codes.unauthorizedClient',
    server_error: 'auth.codes.serverError',
    temporarily_unavailable: 'auth.codes.unavailable',
  };
  const known = words[error];
  const base = known ? hostText(known) : hostText('auth.codes.other', { code: error });
  return description ? hostText('auth.itSaid', { base, description }) : base;
}

/** The client id of an authorization request that only records the scope (see noClient). */
const PENDING_CLIENT_ID = 'switchboard-registration-pending';

/** Thrown inside `auth()` when its registration does not list the redirect URI it is using. */
class StaleRegistrationError extends UnauthorizedError {
  constructor() {
    super('The registration with the authorization server names another redirect URI');
    this.name = 'StaleRegistrationError';
  }
}

/** The redirect URIs a stored registration lists, if it says. */
function redirectUris(info: StoredOAuthClientInformation): string[] | undefined {
  return 'redirect_uris' in info && Array.isArray(info.redirect_uris)
    ? info.redirect_uris.map(String)
    : undefined;
}

function isHttps(value: string): boolean {
  return value.startsWith('https://');
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
