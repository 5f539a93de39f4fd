import { readFile } from 'node:fs/promises';
import {
  auth,
  createPrivateKeyJwtAuth,
  discoverAndRequestJwtAuthGrant,
  requestJwtAuthorizationGrant,
  type AddClientAuthentication,
  type AuthResult,
  type DpopSession,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { grantOf, type OAuthConfig } from '../../../../shared/domain/oauthConfig';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';
import type { Logger } from '../../../platform/Logger';
import type { SecretResolver } from '../../secrets/ServerSecrets';
import { describeAuthError } from './authErrors';
import { DpopKeys } from './DpopKeys';
import type { OAuthStore } from './OAuthStore';
import { signingAlgorithmOf } from './signingAlgorithmOf';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** How a {@link MachineOAuthProvider} is made (one per remote server). */
export interface MachineOAuthProviderOptions {
  serverName: string;
  serverUrl: string;
  /** A block whose grant is not the browser sign-in. */
  oauth: OAuthConfig;
  store: OAuthStore;
  /** Where `${secret:NAME}` references are read from (the host's {@link ServerSecrets}). */
  secrets: SecretResolver;
  /** Reads `assertionFile`; defaults to the file system. */
  readText?: (path: string) => Promise<string>;
  clientName?: string;
  logger?: Logger;
}

/**
 * The host's OAuth client for a server it reaches without a person: client credentials (a
 * secret with client_secret_basic, or a private key with private_key_jwt through the SDK's
 * `createPrivateKeyJwtAuth`), workload identity (`jwt_bearer`: the platform's JWT traded for an
 * access token), and enterprise-managed authorization (`enterprise`: the identity provider's
 * ID-JAG through the SDK's `requestJwtAuthorizationGrant`, then the JWT bearer grant). The SDK's
 * `auth()` runs discovery, the token request, `resource` and DPoP; this class supplies the grant
 * and the secrets, read from the secret store when a token is requested (never kept in the
 * config or here). Tokens and the DPoP key live in the secret store like a sign-in's.
 *
 * A workload assertion the authorization server refused is not sent again until it changes
 * (RFC 7523: the client gives up; retrying the same JWT cannot help and may lock it out).
 */
export class MachineOAuthProvider implements OAuthClientProvider {
  readonly interactive = false;
  readonly addClientAuthentication?: AddClientAuthentication;
  private readonly server: string;
  private readonly dpopKeys: DpopKeys;
  /** What `auth()` discovered for the token request in progress. */
  private issuer: string | undefined;
  private resource: string | undefined;
  /** The workload assertion of the token request in progress, and one that was refused. */
  private pendingAssertion: string | undefined;
  private refusedAssertion: string | undefined;

  constructor(private readonly options: MachineOAuthProviderOptions) {
    this.server = options.serverName;
    this.dpopKeys = new DpopKeys(options.serverName, options.store, options.oauth.dpop);
    if (this.grant === 'client_credentials' && options.oauth.privateKey) {
      this.addClientAuthentication = (headers, params, url, metadata) =>
        this.signClientAssertion(headers, params, url, metadata);
    }
  }

  private get grant() {
    return grantOf(this.options.oauth);
  }

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { oauth } = this.options;
    const scopes = oauth.scopes;
    return {
      client_name: this.options.clientName ?? 'Switchboard',
      redirect_uris: [],
      grant_types: [this.grant === 'client_credentials' ? 'client_credentials' : JWT_BEARER],
      token_endpoint_auth_method: oauth.privateKey
        ? 'private_key_jwt'
        : oauth.clientSecret
          ? 'client_secret_basic'
          : 'none',
      ...(scopes && scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    };
  }

  /** The configured client (valid for whichever issuer serves the server), else a registration. */
  async clientInformation(
    ctx?: OAuthClientInformationContext,
  ): Promise<StoredOAuthClientInformation | undefined> {
    const { oauth } = this.options;
    if (!oauth.clientId)
      return ctx ? this.options.store.client(this.server, ctx.issuer) : undefined;
    // private_key_jwt signs instead of sending a secret (see addClientAuthentication).
    const secret =
      oauth.clientSecret && !oauth.privateKey
        ? await this.secret(oauth.clientSecret, 'oauth.clientSecret')
        : undefined;
    return {
      client_id: oauth.clientId,
      ...(secret ? { client_secret: secret } : {}),
      ...(ctx ? { issuer: ctx.issuer } : {}),
    };
  }

  async saveClientInformation(
    info: StoredOAuthClientInformation,
    ctx?: OAuthClientInformationContext,
  ): Promise<void> {
    const issuer = ctx?.issuer ?? info.issuer;
    if (this.options.oauth.clientId || !issuer) return;
    await this.options.store.saveClient(this.server, issuer, { ...info, issuer });
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    const record = await this.options.store.tokens(this.server, { fresh: ctx !== undefined });
    if (!record || record.serverUrl !== this.options.serverUrl) return undefined;
    return record.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = tokens.issuer ?? ctx?.issuer;
    this.pendingAssertion = undefined;
    await this.options.store.saveTokens(this.server, {
      tokens: { ...tokens, ...(issuer ? { issuer } : {}) },
      savedAt: Date.now(),
      serverUrl: this.options.serverUrl,
    });
    this.options.logger?.info('token obtained', { grant: this.grant, issuer, scope: tokens.scope });
  }

  redirectToAuthorization(): never {
    throw new AppError(
      AppErrorCode.McpAuthRequired,
      hostText('auth.browserSignInNotAllowed', { grant: this.grant }),
    );
  }

  saveCodeVerifier(): void {}

  codeVerifier(): never {
    throw new AppError(AppErrorCode.Internal, `No code verifier with "grant": "${this.grant}".`);
  }

  saveAuthorizationServerUrl(issuer: string): void {
    this.issuer = issuer;
  }

  saveResourceUrl(resource: string): void {
    this.resource = resource;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.options.store.saveDiscovery(this.server, state);
  }

  dpop(): Promise<DpopSession | undefined> {
    return this.dpopKeys.forRequest();
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    // The SDK invalidates after the token request failed: that assertion was refused.
    if (this.pendingAssertion !== undefined && scope !== 'discovery' && scope !== 'verifier') {
      this.refusedAssertion = this.pendingAssertion;
      this.pendingAssertion = undefined;
    }
    const { store } = this.options;
    if (scope === 'all') {
      this.dpopKeys.reset();
      await store.forget(this.server);
    } else if (scope === 'tokens') await store.deleteTokens(this.server);
    else if (scope === 'client') await store.deleteClients(this.server);
    else if (scope === 'discovery') await store.deleteDiscovery(this.server);
  }

  /** The grant's token request parameters (client authentication is added by the SDK). */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    const params = new URLSearchParams();
    switch (this.grant) {
      case 'client_credentials':
        params.set('grant_type', 'client_credentials');
        break;
      case 'jwt_bearer':
        params.set('grant_type', JWT_BEARER);
        params.set('assertion', await this.workloadAssertion());
        break;
      case 'enterprise':
        params.set('grant_type', JWT_BEARER);
        params.set('assertion', await this.identityAssertionGrant(scope));
        break;
      case 'authorization_code':
        throw new AppError(AppErrorCode.Internal, 'The browser sign-in has its own provider.');
    }
    if (scope) params.set('scope', scope);
    return params;
  }

  /**
   * Gets a token now (what "Sign in" does for this kind of server): resolves `AUTHORIZED`, or
   * rejects with MCP_AUTH_REQUIRED in plain words.
   */
  async authorize(): Promise<AuthResult> {
    try {
      return await auth(this, { serverUrl: this.options.serverUrl });
    } catch (error) {
      throw describeAuthError(error);
    }
  }

  finishAuthorization(): Promise<void> {
    return Promise.reject(new AppError(AppErrorCode.Validation, hostText('auth.noBrowserSignIn')));
  }

  /** Forgets the tokens and the DPoP key; the next request gets new ones. */
  async signOut(): Promise<void> {
    this.dpopKeys.reset();
    this.refusedAssertion = undefined;
    await this.options.store.forget(this.server);
  }

  private async workloadAssertion(): Promise<string> {
    const { oauth } = this.options;
    const assertion = oauth.assertionFile
      ? (await (this.options.readText ?? readUtf8)(oauth.assertionFile)).trim()
      : await this.secret(oauth.assertion ?? '', 'oauth.assertion');
    if (assertion === '') {
      throw new AppError(AppErrorCode.McpAuthRequired, hostText('auth.emptyWorkloadToken'));
    }
    if (assertion === this.refusedAssertion) {
      throw new AppError(AppErrorCode.McpAuthRequired, hostText('auth.refusedWorkloadToken'));
    }
    this.pendingAssertion = assertion;
    return assertion;
  }

  /** RFC 8693 at the identity provider: the person's ID token for an ID-JAG for this server. */
  private async identityAssertionGrant(scope: string | undefined): Promise<string> {
    const idp = this.options.oauth.idp;
    if (!idp || !this.issuer) {
      throw new AppError(AppErrorCode.Internal, 'The identity provider or issuer is unknown.');
    }
    const idpSecret = idp.clientSecret
      ? await this.secret(idp.clientSecret, 'oauth.idp.clientSecret')
      : undefined;
    const request = {
      audience: this.issuer,
      resource: this.resource ?? this.options.serverUrl,
      idToken: await this.secret(idp.idToken, 'oauth.idp.idToken'),
      clientId: idp.clientId,
      ...(idpSecret ? { clientSecret: idpSecret } : {}),
      ...(scope ? { scope } : {}),
    };
    try {
      const result = idp.tokenEndpoint
        ? await requestJwtAuthorizationGrant({ tokenEndpoint: idp.tokenEndpoint, ...request })
        : await discoverAndRequestJwtAuthGrant({ idpUrl: idp.issuer ?? '', ...request });
      return result.jwtAuthGrant;
    } catch (error) {
      throw new AppError(
        AppErrorCode.McpAuthRequired,
        hostText('auth.idpRefused', {
          detail: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  }

  /** private_key_jwt (RFC 7523 §2.2), signed by the SDK with the key from the secret store. */
  private async signClientAssertion(
    ...[headers, params, url, metadata]: Parameters<AddClientAuthentication>
  ): Promise<void> {
    const { oauth } = this.options;
    const key = await this.secret(oauth.privateKey ?? '', 'oauth.privateKey');
    const clientId = oauth.clientId ?? '';
    const privateKey = key.trimStart().startsWith('{')
      ? (JSON.parse(key) as Record<string, unknown>)
      : key;
    const sign = createPrivateKeyJwtAuth({
      issuer: clientId,
      subject: clientId,
      privateKey,
      alg: oauth.signingAlgorithm ?? signingAlgorithmOf(privateKey),
    });
    await sign(headers, params, url, metadata);
  }

  private secret(value: string, where: string): Promise<string> {
    return this.options.secrets.resolveValue(value, `${this.server}: ${where}`);
  }
}

function readUtf8(path: string): Promise<string> {
  return readFile(path, 'utf8');
}
