import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthConfig } from '../../../../shared/domain/oauthConfig';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { createLogger, type Logger } from '../../../platform/Logger';
import { McpSession } from '../session/McpSession';
import {
  httpConfig,
  TestProcesses,
  type HttpServerProcess,
} from '../session/testing/TestProcesses';
import { AuthRequiredError } from './authErrors';
import { HostOAuthProvider } from './HostOAuthProvider';
import { MemorySecretStore } from '../../../platform/MemorySecretStore';
import { OAuthStore } from './OAuthStore';
import { TestAuthServer, type TestAuthServerOptions } from './testing/TestAuthServer';
import { TestResourceServer } from './testing/TestResourceServer';

const REDIRECT = 'http://127.0.0.1:48123/callback';

let processes: TestProcesses;
let upstream: HttpServerProcess;
let dir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  processes = new TestProcesses();
  upstream = await processes.startModernHttp();
  dir = await mkdtemp(join(tmpdir(), 'sb-oauth-'));
});

afterAll(async () => {
  await processes.cleanup();
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  as: TestAuthServer;
  rs: TestResourceServer;
  secrets: MemorySecretStore;
  store: OAuthStore;
  provider: HostOAuthProvider;
  /** Every authorization URL the provider was asked to open. */
  redirects: URL[];
}

async function setup(
  asOptions: TestAuthServerOptions = {},
  oauth?: OAuthConfig,
  logger?: Logger,
): Promise<Setup> {
  const as = await new TestAuthServer(asOptions).start();
  const rs = await new TestResourceServer(upstream.url, as).start();
  cleanups.push(
    () => as.stop(),
    () => rs.stop(),
  );
  const secrets = new MemorySecretStore();
  const store = new OAuthStore(secrets);
  const redirects: URL[] = [];
  const provider = new HostOAuthProvider({
    serverName: 'remote',
    serverUrl: rs.url,
    ...(oauth ? { oauth } : {}),
    store,
    redirectUrl: () => REDIRECT,
    onRedirect: (url) => void redirects.push(url),
    ...(logger ? { logger } : {}),
  });
  return { as, rs, secrets, store, provider, redirects };
}

async function connect(s: Setup, logger?: Logger): Promise<McpSession> {
  const session = new McpSession({
    config: httpConfig(s.rs.url),
    authProvider: s.provider,
    ...(logger ? { logger } : {}),
  });
  cleanups.push(() => session.close());
  await session.connect();
  return session;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** What a browser would bring back: the authorization server's redirect, not followed. */
async function approve(url: URL | undefined): Promise<URLSearchParams> {
  if (!url) throw new Error('no authorization URL');
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`no redirect: ${response.status}`);
  expect(location.startsWith(`${REDIRECT}?`)).toBe(true);
  return new URL(location).searchParams;
}

/** Signs in through a refused connect, as the app does: 401 → approve → finishAuth. */
async function signIn(s: Setup): Promise<void> {
  const error = await rejection(connect(s));
  expect(error).toBeInstanceOf(AuthRequiredError);
  await (error as AuthRequiredError).finishAuth(await approve(s.redirects.at(-1)));
}

describe('HostOAuthProvider with a local authorization server', () => {
  it('signs in: 401 → dynamic registration, PKCE S256, state, resource; no SSE fallback', async () => {
    const s = await setup();
    const error = await rejection(connect(s));
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect((error as AppError).code).toBe(AppErrorCode.McpAuthRequired);
    expect(s.rs.methods).not.toContain('GET'); // an auth wall is not an old SSE server

    const request = s.redirects[0]?.searchParams;
    expect(request?.get('code_challenge_method')).toBe('S256');
    expect(request?.get('resource')).toBe(s.rs.url);
    expect(request?.get('redirect_uri')).toBe(REDIRECT);
    expect(request?.get('state')).toBe(await s.store.expectedState('remote'));
    expect(s.as.registrations).toHaveLength(1);
    expect(s.as.registrations[0]?.body).toMatchObject({
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
    });

    await (error as AuthRequiredError).finishAuth(await approve(s.redirects[0]));
    const session = await connect(s);
    expect((await session.listTools()).length).toBeGreaterThan(0);
    expect(s.as.tokenRequests).toEqual([
      expect.objectContaining({ grantType: 'authorization_code', resource: s.rs.url }),
    ]);
    // Spent: the state and verifier are gone; tokens and the registration are in the store.
    expect(await s.store.expectedState('remote')).toBeUndefined();
    expect(await s.store.codeVerifier('remote')).toBeUndefined();
    expect((await s.provider.tokens())?.issuer).toBe(s.as.issuer);
    expect(await s.store.client('remote', s.as.issuer)).toMatchObject({
      client_id: s.as.registrations[0]?.clientId,
    });
    expect(await s.store.summary('remote', s.rs.url)).toMatchObject({
      signedIn: true,
      issuer: s.as.issuer,
    });
  });

  it('refuses a callback whose state is not the one sent, without redeeming the code', async () => {
    const s = await setup();
    await rejection(connect(s));
    const callback = await approve(s.redirects[0]);
    const forged = new URLSearchParams(callback);
    forged.set('state', 'forged');
    const missing = new URLSearchParams(callback);
    missing.delete('state');
    for (const params of [forged, missing]) {
      const error = await rejection(s.provider.finishAuthorization(params));
      expect(error).toMatchObject({ code: AppErrorCode.Validation });
      expect((error as Error).message).toMatch(/state mismatch/);
    }
    expect(s.as.tokenRequests).toHaveLength(0);
    // The genuine answer still works.
    await s.provider.finishAuthorization(callback);
    expect(s.as.tokenRequests).toHaveLength(1);
  });

  it('refuses an answer whose iss is not the authorization server (RFC 9207)', async () => {
    const s = await setup({ issInRedirect: 'wrong' });
    const error = await rejection(connect(s));
    const refused = await rejection(
      (error as AuthRequiredError).finishAuth(await approve(s.redirects[0])),
    );
    expect(refused).toMatchObject({ code: AppErrorCode.McpAuthRequired });
    expect((refused as Error).message).toMatch(/issuer mismatch/);
    expect((refused as Error).message).not.toContain('evil.example');
    expect(s.as.tokenRequests).toHaveLength(0);
  });

  it('refuses an answer without iss when the server promised one, and accepts one when not', async () => {
    const promised = await setup({ issInRedirect: 'omit', issSupported: true });
    await rejection(connect(promised));
    await expect(
      promised.provider.finishAuthorization(await approve(promised.redirects[0])),
    ).rejects.toMatchObject({ code: AppErrorCode.McpAuthRequired });
    expect(promised.as.tokenRequests).toHaveLength(0);

    const silent = await setup({ issInRedirect: 'omit', issSupported: false });
    await rejection(connect(silent));
    await silent.provider.finishAuthorization(await approve(silent.redirects[0]));
    expect(silent.as.tokenRequests).toHaveLength(1);
  });

  it('keys registrations by issuer and registers anew when the server moves', async () => {
    const s = await setup();
    await signIn(s);
    const first = s.as.registrations[0]?.clientId;

    const as2 = await new TestAuthServer().start();
    cleanups.push(() => as2.stop());
    s.rs.authServer = as2;
    s.as.expireAccessTokens();
    expect(await s.provider.authorize()).toBe('REDIRECT');
    // Discovered afresh: registered at the new server, the old client id never shown there.
    expect(as2.registrations).toHaveLength(1);
    expect(as2.authorizeRequests.map((p) => p.get('client_id'))).not.toContain(first);
    expect(s.as.tokenRequests.filter((r) => r.grantType === 'refresh_token')).toHaveLength(0);
    await s.provider.finishAuthorization(await approve(s.redirects.at(-1)));
    expect((await s.provider.tokens())?.issuer).toBe(as2.issuer);
    expect(await s.store.client('remote', s.as.issuer)).toMatchObject({ client_id: first });
    expect(await s.store.client('remote', as2.issuer)).toMatchObject({
      client_id: as2.registrations[0]?.clientId,
    });
    expect((await connect(s)).info?.era).toBeDefined();
  });

  it.each(['client_secret_basic', 'client_secret_post', 'none'])(
    'authenticates at the token endpoint with %s when that is what the server supports',
    async (method) => {
      const s = await setup({ authMethods: [method] });
      await signIn(s);
      expect(s.as.tokenRequests.map((r) => r.method)).toEqual([method]);
    },
  );

  it('uses pre-registered credentials from the config without registering or storing them', async () => {
    const preRegistered = { clientId: 'configured-client', clientSecret: 'configured-secret' };
    const s = await setup(
      { dynamicRegistration: false, authMethods: ['client_secret_post'], preRegistered },
      { clientId: preRegistered.clientId, clientSecret: preRegistered.clientSecret },
    );
    await signIn(s);
    expect(s.as.registrations).toHaveLength(0);
    expect(s.as.tokenRequests).toEqual([
      expect.objectContaining({ method: 'client_secret_post', clientId: 'configured-client' }),
    ]);
    const stored = await Promise.all(s.secrets.names().map((name) => s.secrets.get(name)));
    expect(stored.join('\n')).not.toContain('configured-secret');
  });

  it('asks for the scopes the challenge names, else the configured ones', async () => {
    const as = await new TestAuthServer().start();
    const rs = await new TestResourceServer(upstream.url, as, 'files:read').start();
    cleanups.push(
      () => as.stop(),
      () => rs.stop(),
    );
    const redirects: URL[] = [];
    const provider = new HostOAuthProvider({
      serverName: 'scoped',
      serverUrl: rs.url,
      oauth: { scopes: ['configured'] },
      store: new OAuthStore(new MemorySecretStore()),
      redirectUrl: () => REDIRECT,
      onRedirect: (url) => void redirects.push(url),
    });
    const session = new McpSession({ config: httpConfig(rs.url), authProvider: provider });
    cleanups.push(() => session.close());
    await rejection(session.connect());
    expect(redirects[0]?.searchParams.get('scope')).toBe('files:read');

    const s = await setup({}, { scopes: ['a', 'b'] });
    expect(await s.provider.authorize()).toBe('REDIRECT');
    expect(s.redirects[0]?.searchParams.get('scope')).toBe('a b');
  });

  it('uses the refresh token before asking the person again', async () => {
    const s = await setup();
    await signIn(s);
    s.as.expireAccessTokens();
    const session = await connect(s);
    expect((await session.listTools()).length).toBeGreaterThan(0);
    expect(s.as.tokenRequests.map((r) => r.grantType)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(s.redirects).toHaveLength(1);
  });

  it('asks again when the refresh token has expired too', async () => {
    const s = await setup();
    await signIn(s);
    s.as.expireAccessTokens();
    s.as.revokeRefreshTokens();
    const error = await rejection(connect(s));
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(s.redirects).toHaveLength(2);
    expect(s.as.tokenRequests.map((r) => r.grantType)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(await s.provider.tokens()).toBeUndefined(); // the dead tokens were dropped
  });

  it('forgets tokens, registrations and the pending sign-in on sign-out', async () => {
    const s = await setup();
    await signIn(s);
    expect(s.secrets.names()).toContain('oauth:remote:tokens');
    s.as.revokeRefreshTokens();
    expect(await s.provider.authorize()).toBe('REDIRECT'); // a sign-in left pending
    expect(s.secrets.names()).toEqual(
      expect.arrayContaining(['oauth:remote:clients', 'oauth:remote:verifier']),
    );
    await s.provider.signOut();
    expect(s.secrets.names()).toEqual([]);
    expect(await s.store.summary('remote', s.rs.url)).toEqual({ signedIn: false });
    expect(await rejection(connect(s))).toBeInstanceOf(AuthRequiredError);
  });

  it('ignores tokens saved for another URL of the same server name', async () => {
    const s = await setup();
    await signIn(s);
    const moved = new HostOAuthProvider({
      serverName: 'remote',
      serverUrl: `${s.rs.url}/elsewhere`,
      store: s.store,
      redirectUrl: () => REDIRECT,
      onRedirect: () => undefined,
    });
    expect(await moved.tokens()).toBeUndefined();
    expect(await s.store.summary('remote', `${s.rs.url}/elsewhere`)).toEqual({ signedIn: false });
  });

  it('writes no token, code, verifier or client secret to the log', async () => {
    const file = join(dir, 'oauth.log');
    const logger = createLogger({ file, consoleLevel: 'silent' });
    const s = await setup({ authMethods: ['client_secret_post'] }, undefined, logger);
    const error = await rejection(connect(s, logger));
    const verifier = await s.store.codeVerifier('remote');
    const callback = await approve(s.redirects[0]);
    await (error as AuthRequiredError).finishAuth(callback);
    s.as.expireAccessTokens(); // one refresh too
    await (await connect(s, logger)).listTools();

    await logger.flush(); // lines are written in the background
    const log = await readFile(file, 'utf8');
    expect(log).toContain('signed in'); // the flow was logged, so the checks below mean something
    const tokens = await s.provider.tokens();
    const client = await s.store.client('remote', s.as.issuer);
    const secrets = [
      verifier,
      callback.get('code'),
      tokens?.access_token,
      tokens?.refresh_token,
      client && 'client_secret' in client ? client.client_secret : undefined,
    ];
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 8)).toBe(true);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('presents a metadata-document client id only while the config names that document', async () => {
    const store = new OAuthStore(new MemorySecretStore());
    const issuer = 'https://as.example';
    const cimd = 'https://app.example/client.json';
    await store.saveClient('remote', issuer, { client_id: cimd, issuer });
    const provider = (oauth?: OAuthConfig) =>
      new HostOAuthProvider({
        serverName: 'remote',
        serverUrl: 'https://mcp.example/mcp',
        ...(oauth ? { oauth } : {}),
        store,
        redirectUrl: () => REDIRECT,
        onRedirect: () => undefined,
      });
    expect(await provider({ clientMetadataUrl: cimd }).clientInformation({ issuer })).toEqual({
      client_id: cimd,
      issuer,
    });
    expect(await provider().clientInformation({ issuer })).toBeUndefined();
    expect(() => provider({ clientMetadataUrl: 'https://app.example/' })).toThrow(/HTTPS URL/);
  });
});
