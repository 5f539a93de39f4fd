import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostOAuthProvider } from './HostOAuthProvider';
import { MemorySecretStore } from '../../../platform/MemorySecretStore';
import { OAuthStore } from './OAuthStore';
import { TestAuthServer } from './testing/TestAuthServer';
import { TestResourceServer } from './testing/TestResourceServer';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/** A provider whose redirect URI changes like the loopback listener's port does per attempt. */
async function setup(options: { canRegister?: () => boolean } = {}) {
  const as = await new TestAuthServer().start();
  // Only discovery is exercised: the MCP upstream is never reached.
  const rs = await new TestResourceServer('http://127.0.0.1:9/mcp', as, 'mcp:tools').start();
  cleanups.push(
    () => as.stop(),
    () => rs.stop(),
  );
  const store = new OAuthStore(new MemorySecretStore());
  const redirects: URL[] = [];
  const current = { redirect: 'http://127.0.0.1:40001/callback' };
  const provider = new HostOAuthProvider({
    serverName: 'remote',
    serverUrl: rs.url,
    store,
    redirectUrl: () => current.redirect,
    onRedirect: (url) => void redirects.push(url),
    ...options,
  });
  /** One browser sign-in on the current redirect URI. */
  async function signIn(): Promise<void> {
    expect(await provider.authorize()).toBe('REDIRECT');
    const url = redirects.at(-1);
    const response = await fetch(url ?? '', { redirect: 'manual' });
    const back = new URL(response.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(current.redirect);
    await provider.finishAuthorization(back.searchParams);
  }
  return { as, store, provider, redirects, current, signIn };
}

const param = (url: URL | undefined, name: string) => url?.searchParams.get(name);

describe('HostOAuthProvider and the redirect URI a registration names', () => {
  it('still refreshes with a registration made for another port', async () => {
    const s = await setup();
    await s.signIn();
    s.current.redirect = 'http://127.0.0.1:40002/callback';
    s.as.expireAccessTokens();
    expect(await s.provider.authorize()).toBe('AUTHORIZED');
    expect(s.as.tokenRequests.map((r) => r.grantType)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(s.as.registrations).toHaveLength(1);
  });

  it('registers again instead of asking with a registration for another port', async () => {
    const s = await setup();
    await s.signIn();
    s.current.redirect = 'http://127.0.0.1:40002/callback';
    s.as.revokeRefreshTokens();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await s.signIn();
    expect(s.as.registrations.map((r) => r.body.redirect_uris)).toEqual([
      ['http://127.0.0.1:40001/callback'],
      ['http://127.0.0.1:40002/callback'],
    ]);
    const second = s.redirects.at(-1);
    expect(param(second, 'client_id')).toBe(s.as.registrations[1]?.clientId);
    expect(param(second, 'redirect_uri')).toBe('http://127.0.0.1:40002/callback');
    expect((await s.store.client('remote', s.as.issuer))?.client_id).toBe(
      s.as.registrations[1]?.clientId,
    );
  });

  it('drops a registration kept for a refresh that failed, then registers again', async () => {
    const s = await setup();
    await s.signIn();
    s.current.redirect = 'http://127.0.0.1:40002/callback';
    s.as.expireAccessTokens();
    s.as.failRefreshes = true;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await s.provider.authorize()).toBe('REDIRECT');
    // Only one URL reached the opener: the new registration's, with the current redirect URI.
    expect(s.redirects).toHaveLength(2);
    expect(s.as.registrations).toHaveLength(2);
    const asked = s.redirects.at(-1);
    expect(param(asked, 'client_id')).toBe(s.as.registrations[1]?.clientId);
    expect(param(asked, 'redirect_uri')).toBe('http://127.0.0.1:40002/callback');
  });

  it('registers nothing and opens nothing while registering is not allowed', async () => {
    let attempt = false;
    const s = await setup({ canRegister: () => attempt });
    expect(await s.provider.authorize()).toBe('REDIRECT');
    expect(s.as.registrations).toHaveLength(0);
    expect(s.redirects).toHaveLength(0);
    expect(s.as.authorizeRequests).toHaveLength(0);
    expect(await s.store.client('remote', s.as.issuer)).toBeUndefined();

    attempt = true;
    expect(await s.provider.authorize()).toBe('REDIRECT');
    expect(s.as.registrations).toHaveLength(1);
    expect(s.redirects).toHaveLength(1);
    expect(param(s.redirects[0], 'redirect_uri')).toBe('http://127.0.0.1:40001/callback');
  });
});
