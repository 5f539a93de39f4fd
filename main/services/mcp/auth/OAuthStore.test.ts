import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../../platform/FileSecretStore';
import { MemorySecretStore } from '../../../platform/MemorySecretStore';
import { oauthSecretKey, OAuthStore } from './OAuthStore';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-oauth-store-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tokens = (accessToken: string) => ({
  tokens: { access_token: accessToken, token_type: 'Bearer', issuer: 'https://as.example' },
  savedAt: 1_000,
  serverUrl: 'https://mcp.example/mcp',
});

describe('OAuthStore', () => {
  it('loses nothing when saves race on a store that rewrites one file per change', async () => {
    const secrets = new FileSecretStore(join(dir, 'secrets.json'));
    const store = new OAuthStore(secrets);
    await Promise.all([
      store.saveTokens('a', tokens('at-a')),
      store.saveClient('a', 'https://as1.example', { client_id: 'one' }),
      store.saveClient('a', 'https://as2.example', { client_id: 'two' }),
      store.saveCodeVerifier('a', 'verifier-a'),
      store.saveTokens('b', tokens('at-b')),
      store.saveExpectedState('b', 'state-b'),
    ]);
    expect((await store.tokens('a'))?.tokens.access_token).toBe('at-a');
    expect((await store.tokens('b'))?.tokens.access_token).toBe('at-b');
    expect(await store.client('a', 'https://as1.example')).toEqual({ client_id: 'one' });
    expect(await store.client('a', 'https://as2.example')).toEqual({ client_id: 'two' });
    expect(await store.codeVerifier('a')).toBe('verifier-a');
    expect(await store.expectedState('b')).toBe('state-b');
    const onDisk = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')) as object;
    expect(Object.keys(onDisk).sort()).toEqual([
      'oauth:a:clients',
      'oauth:a:tokens',
      'oauth:a:verifier',
      'oauth:b:state',
      'oauth:b:tokens',
    ]);
  });

  it('forgets one server entirely and leaves the others alone', async () => {
    const secrets = new MemorySecretStore();
    await secrets.set('anthropic-api-key', 'sk-kept');
    const store = new OAuthStore(secrets);
    await store.saveTokens('a', tokens('at-a'));
    await store.saveClient('a', 'https://as.example', { client_id: 'c' });
    await store.saveCodeVerifier('a', 'v');
    await store.saveDiscovery('a', { authorizationServerUrl: 'https://as.example' });
    await store.saveExpectedState('a', 's');
    await store.saveTokens('b', tokens('at-b'));
    await store.forget('a');
    expect(secrets.names().sort()).toEqual(['anthropic-api-key', 'oauth:b:tokens']);
  });

  it('encodes server names so none can reach another server’s keys', () => {
    expect(oauthSecretKey('a:tokens', 'clients')).toBe('oauth:a%3Atokens:clients');
    expect(oauthSecretKey('a', 'tokens')).not.toBe(oauthSecretKey('a:tokens', ''));
  });

  it('treats a damaged entry as absent', async () => {
    const secrets = new MemorySecretStore();
    await secrets.set('oauth:a:tokens', '{not json');
    expect(await new OAuthStore(secrets).tokens('a')).toBeUndefined();
  });

  it('summarises the sign-in without any secret, for the URL it was made for only', async () => {
    const store = new OAuthStore(new MemorySecretStore());
    expect(await store.summary('a', 'https://mcp.example/mcp')).toEqual({ signedIn: false });
    await store.saveTokens('a', {
      tokens: {
        access_token: 'at-secret',
        refresh_token: 'rt-secret',
        token_type: 'Bearer',
        expires_in: 60,
        scope: 'read  write',
        issuer: 'https://as.example',
      },
      savedAt: 10_000,
      serverUrl: 'https://mcp.example/mcp',
    });
    const summary = await store.summary('a', 'https://mcp.example/mcp');
    expect(summary).toEqual({
      signedIn: true,
      issuer: 'https://as.example',
      scopes: ['read', 'write'],
      expiresAt: 70_000,
    });
    expect(JSON.stringify(summary)).not.toContain('secret');
    expect(await store.summary('a', 'https://other.example/mcp')).toEqual({ signedIn: false });
  });

  it('answers from memory per request, and from the secret store when asked for fresh', async () => {
    const secrets = new MemorySecretStore();
    const app = new OAuthStore(secrets);
    const cli = new OAuthStore(secrets); // another process writing the same secrets
    await app.saveTokens('a', tokens('at-1'));
    await cli.saveTokens('a', tokens('at-2'));
    expect((await app.tokens('a'))?.tokens.access_token).toBe('at-1');
    expect((await app.tokens('a', { fresh: true }))?.tokens.access_token).toBe('at-2');
    expect((await app.tokens('a'))?.tokens.access_token).toBe('at-2');
  });
});
