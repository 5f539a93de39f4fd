import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwkThumbprint, verifyJws } from './verifyJws';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** How a {@link TestAuthServer} behaves. */
export interface TestAuthServerOptions {
  /** `token_endpoint_auth_methods_supported`; default `['none']`. */
  authMethods?: string[];
  /** Whether `/register` exists; default true. */
  dynamicRegistration?: boolean;
  /** RFC 9207 `authorization_response_iss_parameter_supported`; default true. */
  issSupported?: boolean;
  /** What `iss` the redirect carries: the real issuer (default), a wrong one, or none. */
  issInRedirect?: 'correct' | 'wrong' | 'omit';
  /** Issued access tokens live this long (seconds); default 3600. */
  expiresIn?: number;
  /** Whether refresh tokens are issued; default true. */
  refreshTokens?: boolean;
  /** A pre-registered confidential client this server knows. */
  preRegistered?: { clientId: string; clientSecret: string };
  /** `grant_types_supported`; default authorization code and refresh. */
  grants?: string[];
  /** private_key_jwt: each client's public key (its client assertions must verify with it). */
  clientKeys?: Record<string, KeyObject>;
  /** jwt_bearer: the key workload assertions must verify with. */
  assertionKey?: KeyObject;
  /** DPoP (RFC 9449): advertise ES256 and bind tokens to the proof's key. */
  dpop?: boolean;
}

/** One request to the token endpoint, as seen (for the tests to judge). */
export interface TokenRequestRecord {
  grantType: string;
  /** `client_secret_basic`, `client_secret_post` or `none`, as the client authenticated. */
  method: string;
  clientId: string | undefined;
  resource: string | undefined;
  /** jwt_bearer: the assertion sent. */
  assertion?: string;
  /** The DPoP proof's key thumbprint, when a valid proof came with the request. */
  dpopJkt?: string;
}

interface PendingCode {
  clientId: string;
  challenge: string;
  redirectUri: string;
  scope: string | undefined;
}

/**
 * A small OAuth 2.1 authorization server on 127.0.0.1 for tests: RFC 8414 metadata, dynamic
 * registration, an authorization endpoint that approves at once (302 back with code, state and
 * iss), a token endpoint checking PKCE S256 and client authentication, refresh tokens that can
 * be revoked. Records what clients did.
 */
export class TestAuthServer {
  readonly registrations: { clientId: string; body: Record<string, unknown> }[] = [];
  readonly authorizeRequests: URLSearchParams[] = [];
  readonly tokenRequests: TokenRequestRecord[] = [];
  /** Access tokens this server issued and still honours. */
  readonly validTokens = new Set<string>();
  /** DPoP-bound access tokens → the thumbprint of the key they are bound to. */
  readonly boundTokens = new Map<string, string>();
  /** jwt_bearer: refuse every assertion (`invalid_grant`). */
  refuseAssertions = false;
  /** Refresh requests fail with a bare 503 (not an OAuth error: the SDK falls back to a redirect). */
  failRefreshes = false;
  private readonly codes = new Map<string, PendingCode>();
  private readonly refreshTokens = new Map<string, { clientId: string; scope?: string }>();
  private readonly clients = new Map<string, string | undefined>();
  private server: Server | undefined;
  private base = '';

  constructor(private readonly options: TestAuthServerOptions = {}) {
    const pre = options.preRegistered;
    if (pre) this.clients.set(pre.clientId, pre.clientSecret);
  }

  get issuer(): string {
    return this.base;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Makes every refresh token unusable (as an expired or revoked one is). */
  revokeRefreshTokens(): void {
    this.refreshTokens.clear();
  }

  /** Makes every access token unusable (the resource server then answers 401). */
  expireAccessTokens(): void {
    this.validTokens.clear();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      return json(res, 200, this.metadata());
    }
    if (url.pathname === '/register' && req.method === 'POST') return this.register(req, res);
    if (url.pathname === '/authorize') return this.authorize(url, res);
    if (url.pathname === '/token' && req.method === 'POST') return this.token(req, res);
    json(res, 404, { error: 'not_found' });
  }

  private metadata(): Record<string, unknown> {
    return {
      issuer: this.base,
      authorization_endpoint: `${this.base}/authorize`,
      token_endpoint: `${this.base}/token`,
      ...(this.options.dynamicRegistration === false
        ? {}
        : { registration_endpoint: `${this.base}/register` }),
      response_types_supported: ['code'],
      grant_types_supported: this.options.grants ?? ['authorization_code', 'refresh_token'],
      ...(this.options.dpop ? { dpop_signing_alg_values_supported: ['ES256'] } : {}),
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: this.options.authMethods ?? ['none'],
      authorization_response_iss_parameter_supported: this.options.issSupported ?? true,
    };
  }

  private async register(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    const method = (this.options.authMethods ?? ['none'])[0] ?? 'none';
    const clientId = `client-${this.registrations.length + 1}-${randomBytes(4).toString('hex')}`;
    const clientSecret = method === 'none' ? undefined : `secret-${randomBytes(8).toString('hex')}`;
    this.clients.set(clientId, clientSecret);
    this.registrations.push({ clientId, body });
    json(res, 201, {
      ...body,
      client_id: clientId,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
      token_endpoint_auth_method: method,
    });
  }

  private authorize(url: URL, res: ServerResponse): void {
    const params = url.searchParams;
    this.authorizeRequests.push(params);
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!this.clients.has(clientId) || params.get('code_challenge_method') !== 'S256') {
      return json(res, 400, { error: 'invalid_request' });
    }
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, {
      clientId,
      challenge: params.get('code_challenge') ?? '',
      redirectUri,
      scope: params.get('scope') ?? undefined,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = params.get('state');
    if (state) back.searchParams.set('state', state);
    const iss = this.options.issInRedirect ?? 'correct';
    if (iss === 'correct') back.searchParams.set('iss', this.base);
    if (iss === 'wrong') back.searchParams.set('iss', 'https://evil.example');
    res.writeHead(302, { location: back.toString() }).end();
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const client = this.authenticate(req, form);
    const grant = form.get('grant_type') ?? '';
    const dpopJkt = this.dpopProof(req);
    this.tokenRequests.push({
      grantType: grant,
      method: client.method,
      clientId: client.clientId,
      resource: form.get('resource') ?? undefined,
      ...(form.get('assertion') ? { assertion: form.get('assertion') ?? '' } : {}),
      ...(dpopJkt ? { dpopJkt } : {}),
    });
    if (grant === JWT_BEARER) return this.jwtBearer(form, res, dpopJkt);
    if (!client.ok || !client.clientId) return json(res, 401, { error: 'invalid_client' });
    if (grant === 'client_credentials') {
      return json(res, 200, this.issue(client.clientId, form.get('scope') ?? undefined, dpopJkt));
    }
    if (form.get('grant_type') === 'authorization_code') {
      const pending = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !pending ||
        pending.clientId !== client.clientId ||
        pending.challenge !== challenge ||
        pending.redirectUri !== form.get('redirect_uri')
      ) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'bad code' });
      }
      return json(res, 200, this.issue(client.clientId, pending.scope));
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (this.failRefreshes) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
        return;
      }
      const known = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!known || known.clientId !== client.clientId) {
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'refresh token expired',
        });
      }
      return json(res, 200, this.issue(client.clientId, known.scope));
    }
    json(res, 400, { error: 'unsupported_grant_type' });
  }

  /** RFC 7523 §2.1: the workload's assertion, verified with the configured key. */
  private jwtBearer(form: URLSearchParams, res: ServerResponse, jkt: string | undefined): void {
    const key = this.options.assertionKey;
    const verified = key ? verifyJws(form.get('assertion') ?? '', key) : undefined;
    if (!verified || this.refuseAssertions || verified.claims.aud !== this.base) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'assertion refused' });
    }
    json(res, 200, this.issue(String(verified.claims.sub), form.get('scope') ?? undefined, jkt));
  }

  /** The thumbprint of a valid DPoP proof for this token endpoint, if one came. */
  private dpopProof(req: IncomingMessage): string | undefined {
    const proof = req.headers.dpop;
    if (!this.options.dpop || typeof proof !== 'string') return undefined;
    const verified = verifyJws(proof, 'embedded');
    const ok =
      verified?.header.typ === 'dpop+jwt' &&
      verified.claims.htm === 'POST' &&
      verified.claims.htu === `${this.base}/token`;
    return ok ? jwkThumbprint(verified.header.jwk as Record<string, unknown>) : undefined;
  }

  private issue(
    clientId: string,
    scope: string | undefined,
    dpopJkt?: string,
  ): Record<string, unknown> {
    const accessToken = `at-${randomBytes(12).toString('hex')}`;
    this.validTokens.add(accessToken);
    if (dpopJkt) this.boundTokens.set(accessToken, dpopJkt);
    const out: Record<string, unknown> = {
      access_token: accessToken,
      token_type: dpopJkt ? 'DPoP' : 'Bearer',
      expires_in: this.options.expiresIn ?? 3600,
      ...(scope ? { scope } : {}),
    };
    if (this.options.refreshTokens !== false) {
      const refreshToken = `rt-${randomBytes(12).toString('hex')}`;
      this.refreshTokens.set(refreshToken, { clientId, ...(scope ? { scope } : {}) });
      out.refresh_token = refreshToken;
    }
    return out;
  }

  private authenticate(
    req: IncomingMessage,
    form: URLSearchParams,
  ): { ok: boolean; method: string; clientId: string | undefined } {
    const assertion = form.get('client_assertion');
    if (assertion) {
      // private_key_jwt (RFC 7523 §2.2): signed by the client's key, for this server.
      const [, payload] = assertion.split('.');
      const claimed = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as {
        iss?: unknown;
      };
      const clientId = typeof claimed.iss === 'string' ? claimed.iss : undefined;
      const key = clientId ? this.options.clientKeys?.[clientId] : undefined;
      const verified = key ? verifyJws(assertion, key) : undefined;
      const ok =
        form.get('client_assertion_type') ===
          'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' &&
        verified?.claims.sub === clientId &&
        verified?.claims.aud === this.base;
      return { ok, method: 'private_key_jwt', clientId };
    }
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      const clientId = decodeURIComponent(id ?? '');
      const expected = this.clients.get(clientId);
      return {
        ok: expected !== undefined && expected === decodeURIComponent(secret ?? ''),
        method: 'client_secret_basic',
        clientId,
      };
    }
    const clientId = form.get('client_id') ?? undefined;
    const secret = form.get('client_secret');
    if (!clientId || !this.clients.has(clientId)) return { ok: false, method: 'none', clientId };
    const expected = this.clients.get(clientId);
    if (secret !== null) {
      return { ok: secret === expected, method: 'client_secret_post', clientId };
    }
    return { ok: expected === undefined, method: 'none', clientId };
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
