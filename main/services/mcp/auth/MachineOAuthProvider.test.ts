import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthConfig } from '../../../../shared/domain/oauthConfig';
import { httpServerConfigSchema } from '../../../../shared/domain/serverConfig';
import { AppErrorCode } from '../../../../shared/errors';
import { ServerSecrets } from '../../secrets/ServerSecrets';
import { McpSession } from '../session/McpSession';
import { TestProcesses, type HttpServerProcess } from '../session/testing/TestProcesses';
import { MachineOAuthProvider } from './MachineOAuthProvider';
import { MemorySecretStore } from '../../../platform/MemorySecretStore';
import { OAuthStore } from './OAuthStore';
import { TestAuthServer, type TestAuthServerOptions } from './testing/TestAuthServer';
import { TestResourceServer } from './testing/TestResourceServer';

// Grants without a person against a real (test) authorization server guarding a real MCP
// server: the provider's token requests through the SDK's auth(), over McpSession.
let processes: TestProcesses;
let upstream: HttpServerProcess;
let dir: string;

beforeAll(async () => {
  processes = new TestProcesses();
  upstream = await processes.startModernHttp();
  dir = await mkdtemp(join(tmpdir(), 'sb-machine-'));
});
afterAll(async () => {
  await processes.cleanup();
  await rm(dir, { recursive: true, force: true });
});

interface Setup {
  as: TestAuthServer;
  rs: TestResourceServer;
  secrets: MemorySecretStore;
  store: OAuthStore;
  provider: (oauth: OAuthConfig) => MachineOAuthProvider;
  connect: (provider: MachineOAuthProvider) => Promise<string[]>;
  stop: () => Promise<void>;
}

async function setup(options: TestAuthServerOptions, secrets: Record<string, string> = {}) {
  const as = await new TestAuthServer(options).start();
  const rs = await new TestResourceServer(upstream.url, as).start();
  const store = new MemorySecretStore();
  const kept = new ServerSecrets(store);
  for (const [name, value] of Object.entries(secrets)) await kept.set(name, value);
  const oauthStore = new OAuthStore(store);
  const config = httpServerConfigSchema.parse({
    name: 'corp',
    transport: 'http',
    url: rs.url,
    headers: {},
    disabled: false,
    protocol: 'modern',
    timeouts: { startupMs: 10_000, requestMs: 10_000 },
  });
  const result: Setup = {
    as,
    rs,
    secrets: store,
    store: oauthStore,
    provider: (oauth) =>
      new MachineOAuthProvider({
        serverName: 'corp',
        serverUrl: rs.url,
        oauth,
        store: oauthStore,
        secrets: kept,
      }),
    connect: async (provider) => {
      const session = new McpSession({ config, authProvider: provider });
      try {
        await session.connect();
        return (await session.listTools()).map((tool) => tool.name);
      } finally {
        await session.close();
      }
    },
    stop: async () => {
      await Promise.all([rs.stop(), as.stop()]);
    },
  };
  return result;
}

function ecKeys(): { publicKey: KeyObject; pem: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { publicKey, privateKey, pem };
}

/** A compact ES256 JWT signed with `key` (what a workload identity platform issues). */
async function workloadJwt(key: KeyObject, claims: Record<string, unknown>): Promise<string> {
  const { sign } = await import('node:crypto');
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const data = `${part({ alg: 'ES256', typ: 'JWT' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' });
  return `${data}.${signature.toString('base64url')}`;
}

describe('client credentials', () => {
  it('authenticates with the secret from the secret store (client_secret_basic)', async () => {
    const s = await setup(
      {
        grants: ['client_credentials'],
        authMethods: ['client_secret_basic'],
        dynamicRegistration: false,
        preRegistered: { clientId: 'app', clientSecret: 'the-secret' },
      },
      { 'app-secret': 'the-secret' },
    );
    try {
      const tools = await s.connect(
        s.provider({
          grant: 'client_credentials',
          clientId: 'app',
          clientSecret: '${secret:app-secret}',
        }),
      );
      expect(tools).toContain('echo');
      expect(s.as.tokenRequests).toEqual([
        expect.objectContaining({ grantType: 'client_credentials', method: 'client_secret_basic' }),
      ]);
      expect(s.rs.schemes.every((scheme) => scheme === 'Bearer')).toBe(true);
    } finally {
      await s.stop();
    }
  });

  it('signs a client assertion with the private key (private_key_jwt), algorithm from the key', async () => {
    const keys = ecKeys();
    const s = await setup(
      {
        grants: ['client_credentials'],
        authMethods: ['private_key_jwt'],
        dynamicRegistration: false,
        clientKeys: { app: keys.publicKey },
      },
      { 'app-key': keys.pem },
    );
    try {
      await s.connect(
        s.provider({
          grant: 'client_credentials',
          clientId: 'app',
          privateKey: '${secret:app-key}',
        }),
      );
      expect(s.as.tokenRequests).toEqual([
        expect.objectContaining({ grantType: 'client_credentials', method: 'private_key_jwt' }),
      ]);
    } finally {
      await s.stop();
    }
  });

  it('fails with the secret it is missing named, and how to store it', async () => {
    const s = await setup({ grants: ['client_credentials'], authMethods: ['client_secret_basic'] });
    try {
      await expect(
        s.connect(
          s.provider({
            grant: 'client_credentials',
            clientId: 'app',
            clientSecret: '${secret:nope}',
          }),
        ),
      ).rejects.toMatchObject({
        code: AppErrorCode.McpAuthRequired,
        message: expect.stringContaining(
          'uses ${secret:nope}, but no secret named nope is stored. Keep it in Settings → Secrets (CLI: secret set nope)',
        ) as unknown,
      });
    } finally {
      await s.stop();
    }
  });
});

describe('workload identity (JWT bearer)', () => {
  it('trades the platform’s token file for an access token, and never resends a refused one', async () => {
    const platform = ecKeys();
    const s = await setup({
      grants: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
      authMethods: ['none'],
      dynamicRegistration: false,
      assertionKey: platform.publicKey,
    });
    const file = join(dir, 'token.jwt');
    try {
      const jwt = await workloadJwt(platform.privateKey, {
        iss: 'https://platform.test',
        sub: 'workload-7',
        aud: s.as.issuer,
      });
      await writeFile(file, `${jwt}\n`);
      const provider = s.provider({ grant: 'jwt_bearer', clientId: 'wl', assertionFile: file });
      expect(await s.connect(provider)).toContain('echo');
      expect(s.as.tokenRequests.map((r) => [r.grantType, r.assertion])).toEqual([
        ['urn:ietf:params:oauth:grant-type:jwt-bearer', jwt],
      ]);

      // Refused from now on: the token is sent once, and then not again until it changes.
      s.as.refuseAssertions = true;
      await s.store.deleteTokens('corp');
      await expect(s.connect(provider)).rejects.toMatchObject({
        code: AppErrorCode.McpAuthRequired,
        message: expect.stringContaining('it is not sent again until it changes') as unknown,
      });
      await expect(s.connect(provider)).rejects.toMatchObject({
        code: AppErrorCode.McpAuthRequired,
      });
      expect(s.as.tokenRequests).toHaveLength(2);

      const fresh = await workloadJwt(platform.privateKey, {
        iss: 'https://platform.test',
        sub: 'workload-7',
        aud: s.as.issuer,
        jti: 'rotated',
      });
      await writeFile(file, fresh);
      s.as.refuseAssertions = false;
      expect(await s.connect(provider)).toContain('echo');
      expect(s.as.tokenRequests.at(-1)?.assertion).toBe(fresh);
    } finally {
      await s.stop();
    }
  });
});

describe('DPoP-bound tokens', () => {
  it('proves the key at the token endpoint and on every request, with one key kept across restarts', async () => {
    const s = await setup(
      {
        grants: ['client_credentials'],
        authMethods: ['client_secret_basic'],
        dynamicRegistration: false,
        preRegistered: { clientId: 'app', clientSecret: 'the-secret' },
        dpop: true,
      },
      { 'app-secret': 'the-secret' },
    );
    try {
      // No `dpop` in the config: used because the authorization server offers it.
      const oauth: OAuthConfig = {
        grant: 'client_credentials',
        clientId: 'app',
        clientSecret: '${secret:app-secret}',
      };
      expect(await s.connect(s.provider(oauth))).toContain('echo');
      const jkt = s.as.tokenRequests[0]?.dpopJkt;
      expect(jkt).toMatch(/^[\w-]{43}$/);
      expect(s.rs.schemes.length).toBeGreaterThan(1);
      expect(new Set(s.rs.schemes)).toEqual(new Set(['DPoP']));
      expect(new Set(s.rs.proofIds).size).toBe(s.rs.proofIds.length);

      // A new provider (the app restarted) over the same secret store: same key, same token.
      const before = s.as.tokenRequests.length;
      expect(await s.connect(s.provider(oauth))).toContain('echo');
      expect(s.as.tokenRequests).toHaveLength(before);
      expect(s.rs.schemes.at(-1)).toBe('DPoP');

      // `dpop: false` never binds, even when offered.
      await s.store.forget('corp');
      await s.connect(s.provider({ ...oauth, dpop: false }));
      expect(s.as.tokenRequests.at(-1)?.dpopJkt).toBeUndefined();
      expect(s.rs.schemes.at(-1)).toBe('Bearer');
    } finally {
      await s.stop();
    }
  });
});
