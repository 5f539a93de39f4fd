import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyServerForm } from '../../../shared/domain/serverForm';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { OAuthStore } from '../mcp/auth/OAuthStore';
import { TestAuthServer } from '../mcp/auth/testing/TestAuthServer';
import { TestResourceServer } from '../mcp/auth/testing/TestResourceServer';
import { TestProcesses, type HttpServerProcess } from '../mcp/session/testing/TestProcesses';
import { McpHarness, fixtureServer, nodeServer } from '../mcp/testing/McpHarness';
import { ServerFormService } from '../serverForm/ServerFormService';
import { createSecretHandlers } from './createSecretHandlers';
import { ServerSecrets } from './ServerSecrets';

// One store for `${secret:NAME}`, whoever keeps a value: the server form's secret field and
// Settings → Secrets write the same entries, both list them, and servers and `oauth` blocks
// read them. Real McpService wiring (the OAuth providers get the secrets from McpService).
let processes: TestProcesses;
let upstream: HttpServerProcess;
let harness: McpHarness | undefined;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  processes = new TestProcesses();
  upstream = await processes.startModernHttp();
});
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  for (const stop of stops.splice(0)) await stop();
});
afterAll(() => processes.cleanup());

async function setup(servers: Record<string, unknown>) {
  const store = new MemorySecretStore();
  const secrets = new ServerSecrets(store);
  harness = await McpHarness.start(
    servers,
    {},
    {
      secrets,
      signIn: {
        store: new OAuthStore(store),
        opener: { openExternal: () => Promise.reject(new Error('no browser in this test')) },
      },
    },
  );
  const form = new ServerFormService({
    files: harness.files,
    mcp: harness.mcp,
    secrets,
    env: { PATH: process.env.PATH },
  });
  return { harness, form, settings: createSecretHandlers(secrets) };
}

describe('${secret:NAME} across the server form, Settings → Secrets and oauth blocks', () => {
  it('a client secret entered in the server form is listed in Settings and used by the oauth block', async () => {
    const as = await new TestAuthServer({
      grants: ['client_credentials'],
      authMethods: ['client_secret_basic'],
      dynamicRegistration: false,
      preRegistered: { clientId: 'app', clientSecret: 'the-secret' },
    }).start();
    const rs = await new TestResourceServer(upstream.url, as).start();
    stops.push(() => Promise.all([rs.stop(), as.stop()]).then(() => undefined));
    const { harness, form, settings } = await setup({
      corp: {
        url: rs.url,
        protocol: 'modern',
        oauth: {
          grant: 'client_credentials',
          clientId: 'app',
          clientSecret: '${secret:corp.oauth.clientSecret}',
        },
      },
    });
    const waiting = await harness.until('corp', 'needs-sign-in');
    expect(waiting.kind === 'needs-sign-in' && waiting.error).toContain(
      'uses ${secret:corp.oauth.clientSecret}, but no secret named corp.oauth.clientSecret is stored',
    );
    expect(as.tokenRequests).toEqual([]);

    // Edit → the client secret field, which names the reference the file already has.
    const edit = await form.get('corp');
    expect(edit.oauth.clientSecret).toMatchObject({
      secretName: 'corp.oauth.clientSecret',
      stored: false,
    });
    await form.save(
      {
        ...edit,
        oauth: { ...edit.oauth, clientSecret: { ...edit.oauth.clientSecret, value: 'the-secret' } },
      },
      'corp',
    );
    expect(await settings['secrets.list']({})).toEqual({ names: ['corp.oauth.clientSecret'] });
    await harness.until('corp', 'ready');
    expect(as.tokenRequests).toEqual([
      expect.objectContaining({ grantType: 'client_credentials', method: 'client_secret_basic' }),
    ]);
    expect(await readFile(harness.file, 'utf8')).not.toContain('the-secret');
  });

  it('a secret kept in Settings is one the server form shows as stored and a server starts with', async () => {
    const { harness, form, settings } = await setup({});
    expect(await settings['secrets.set']({ name: 'shared-token', value: 'from-settings' })).toEqual(
      { names: ['shared-token'] },
    );
    await form.save({
      ...emptyServerForm,
      name: 'echo',
      command: process.execPath,
      args: [fixtureServer('echo.mjs')],
      // Chosen by name, no value typed: the form keeps the reference to the kept secret.
      env: [{ name: 'TOKEN', value: '', secret: true, secretName: 'shared-token' }],
    });
    expect(JSON.parse(await readFile(harness.file, 'utf8'))).toMatchObject({
      mcpServers: {
        echo: nodeServer(fixtureServer('echo.mjs'), { env: { TOKEN: '${secret:shared-token}' } }),
      },
    });
    expect((await form.get('echo')).env).toEqual([
      { name: 'TOKEN', value: '', secret: true, secretName: 'shared-token', stored: true },
    ]);
    await harness.until('echo', 'ready');
    const result = await harness.mcp.supervisor('echo').callTool('env', { name: 'TOKEN' });
    expect(JSON.stringify(result.content)).toContain('from-settings');
    // Deleted in Settings: the next start names what is missing instead of running without it.
    expect(await settings['secrets.delete']({ name: 'shared-token' })).toEqual({ names: [] });
    await harness.mcp.supervisor('echo').restart();
    const failed = await harness.until('echo', 'error');
    expect(failed.kind === 'error' && failed.failure.message).toMatch(
      /uses the secret shared-token, which is not in the secret store/,
    );
  });
});
