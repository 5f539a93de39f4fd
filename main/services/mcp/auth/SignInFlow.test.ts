import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startAuthFixture,
  type AuthKnobs,
} from '../../../../e2e/fixtures/authServer/authServer.mjs';
import type { ServerStatus } from '../../../../shared/domain/serverStatus';
import { FetchTestOpener } from '../../../testing/FetchTestOpener';
import { FileSecretStore } from '../../../platform/FileSecretStore';
import { createLogger } from '../../../platform/Logger';
import type { ExternalOpener } from '../../../platform/PlatformServices';
import { ServersFileService } from '../../config/ServersFileService';
import { HostEvents } from '../../base/HostEvents';
import { createMcpHandlers } from '../createMcpHandlers';
import { McpService } from '../McpService';
import { OAuthStore } from './OAuthStore';
import { ServerSecrets } from '../../secrets/ServerSecrets';

type NeedsSignIn = Extract<ServerStatus, { kind: 'needs-sign-in' }>;

/** A real McpService with the auth fixture as its only server, a file secret store and a pretend browser. */
async function start(
  knobs: Partial<AuthKnobs> = {},
  opener?: ExternalOpener,
  oauth?: Record<string, unknown>,
) {
  const fixture = await startAuthFixture(knobs);
  const dir = await mkdtemp(join(tmpdir(), 'sb-oauth-'));
  const serversFile = join(dir, 'servers.json');
  const remote = { url: fixture.mcpUrl, ...(oauth ? { oauth } : {}) };
  await writeFile(serversFile, JSON.stringify({ mcpServers: { remote } }));
  const logFile = join(dir, 'logs', 'main.log');
  const log = createLogger({ consoleLevel: 'silent', file: logFile });
  const secretsFile = join(dir, 'secrets.json');
  const secrets = new FileSecretStore(secretsFile);
  const browser = new FetchTestOpener();
  const events = new HostEvents();
  const emitted: unknown[] = [];
  events.subscribe((name, payload) => emitted.push({ name, payload }));
  const files = new ServersFileService({ file: serversFile, env: {}, log, debounceMs: 50 });
  const mcp = new McpService({
    dataDir: dir,
    logsDir: join(dir, 'logs'),
    files,
    events,
    log,
    env: {},
    useLoginShell: false,
    signIn: {
      store: new OAuthStore(secrets),
      opener: opener ?? browser,
      timeoutMs: 10_000,
    },
    secrets: new ServerSecrets(secrets),
    supervisor: { policy: { baseMs: 100, maxMs: 400, maxAttempts: 2 } },
  });
  await mcp.start();
  const handlers = createMcpHandlers(mcp);
  const harness = {
    fixture,
    mcp,
    handlers,
    browser,
    secretsFile,
    serversFile,
    logFile,
    log,
    emitted,
    status: () => mcp.supervisor('remote').status,
    async until(predicate: (s: ServerStatus) => boolean, timeout = 15_000) {
      await expect.poll(() => predicate(harness.status()), { timeout, interval: 20 }).toBe(true);
      return harness.status();
    },
    untilKind(kind: ServerStatus['kind']) {
      return harness.until((s) => s.kind === kind);
    },
    async secretsText() {
      return readFile(secretsFile, 'utf8').catch(() => '');
    },
    async dispose() {
      await mcp.dispose();
      await fixture.close();
    },
  };
  cleanups.push(() => harness.dispose());
  return harness;
}

/** A port free right now on 127.0.0.1 (for a fixed redirect port). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Settled sign-in: waiting over, with or without an error. */
const settledNeedsSignIn = (s: ServerStatus) => s.kind === 'needs-sign-in' && !s.inProgress;

describe('SignInFlow with a local authorization server', () => {
  it('waits for the person, then signs in through the browser and uses the tool', async () => {
    const h = await start();
    const waiting = (await h.untilKind('needs-sign-in')) as NeedsSignIn;
    expect(waiting.inProgress).toBe(false);
    expect(waiting.error).toBeUndefined();
    // Nothing was opened by itself, and no token exists yet.
    expect(h.browser.visits).toHaveLength(0);
    expect(h.fixture.stats.authorizations).toBe(0);
    await expect.poll(() => (h.status() as NeedsSignIn).issuer).toBe(h.fixture.issuer);

    await h.handlers['mcp.signIn']({ name: 'remote' });
    expect(h.browser.visits).toHaveLength(1);
    const page = await h.browser.visits[0];
    expect(page?.status).toBe(200);
    expect(page?.body).toContain('Signed in — you can return to Switchboard.');
    expect(page?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);

    const ready = await h.untilKind('ready');
    expect(ready.kind === 'ready' && ready.toolCount).toBe(1);
    const authorize = h.fixture.stats.lastAuthorize;
    expect(authorize).toMatchObject({
      code_challenge_method: 'S256',
      resource: h.fixture.mcpUrl,
      scope: 'mcp:tools',
    });
    const result = await h.handlers['mcp.callTool']({
      server: 'remote',
      tool: 'whoami',
      arguments: { greeting: 'Hi' },
    });
    expect(JSON.stringify(result.result)).toContain('Hi, signed-in caller');

    const detail = await h.handlers['mcp.getServer']({ name: 'remote' });
    expect(detail.auth).toEqual({
      signedIn: true,
      issuer: h.fixture.issuer,
      scopes: ['mcp:tools'],
    });

    // Tokens live in the secret store only: never the servers file, logs, events or details.
    const tokens = h.fixture.issuedTokens();
    expect(tokens.length).toBeGreaterThan(0);
    const secrets = await h.secretsText();
    expect(secrets).toContain('oauth:remote:tokens');
    const servers = await readFile(h.serversFile, 'utf8');
    await h.log.flush(); // written in the background
    const logs = await readFile(h.logFile, 'utf8');
    const rendererBound = JSON.stringify([detail, h.emitted, h.mcp.servers()]);
    for (const token of tokens) {
      expect(servers).not.toContain(token);
      expect(logs).not.toContain(token);
      expect(rendererBound).not.toContain(token);
    }
    expect(tokens.some((token) => secrets.includes(token))).toBe(true);
  });

  it('refreshes an expired access token without asking again', async () => {
    const h = await start({ accessTokenTtlS: 1 });
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    expect(h.fixture.stats.refreshGrants).toBe(0);
    await new Promise((r) => setTimeout(r, 1_100));
    const result = await h.handlers['mcp.callTool']({
      server: 'remote',
      tool: 'whoami',
      arguments: {},
    });
    expect(JSON.stringify(result.result)).toContain('signed-in caller');
    expect(h.fixture.stats.refreshGrants).toBe(1);
    expect(h.fixture.stats.authorizations).toBe(1);
    expect(h.status().kind).toBe('ready');
    expect(h.browser.visits).toHaveLength(1);
  });

  it('asks again when the refresh token is revoked (on a call, and on the next connect)', async () => {
    const h = await start();
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    h.fixture.expireAccessTokens();
    h.fixture.revokeRefreshTokens();
    await expect(
      h.handlers['mcp.callTool']({ server: 'remote', tool: 'whoami', arguments: {} }),
    ).rejects.toMatchObject({ code: 'MCP_AUTH_REQUIRED' });
    const status = (await h.untilKind('needs-sign-in')) as NeedsSignIn;
    expect(status.inProgress).toBe(false);
    expect(h.fixture.stats.refused.join('\n')).toContain('invalid_grant');
    await h.handlers['mcp.restartServer']({ name: 'remote' });
    await h.untilKind('needs-sign-in');
    // Still only the one browser visit the person asked for.
    expect(h.browser.visits).toHaveLength(1);

    // Signing in again works.
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    expect(h.fixture.stats.codeGrants).toBe(2);
  });

  type Harness = Awaited<ReturnType<typeof start>>;
  const requests: [string, (h: Harness) => unknown][] = [
    ['resources/list', (h) => h.handlers['mcp.listResources']({ server: 'remote' })],
    [
      'resources/read',
      (h) => h.handlers['mcp.readResource']({ server: 'remote', uri: 'fixture://note' }),
    ],
    ['prompts/list', (h) => h.handlers['mcp.listPrompts']({ server: 'remote' })],
    [
      'prompts/get',
      (h) =>
        h.handlers['mcp.getPrompt']({
          server: 'remote',
          name: 'greet',
          arguments: { name: 'Ada' },
        }),
    ],
    [
      'completion/complete',
      (h) =>
        h.mcp
          .supervisor('remote')
          .ready()
          .complete({
            ref: { type: 'ref/prompt', name: 'greet' },
            argument: { name: 'name', value: 'A' },
          }),
    ],
    [
      'resource subscription',
      (h) => h.mcp.supervisor('remote').ready().subscribeResource('fixture://note'),
    ],
  ];
  it.each(requests)(
    'asks again when a %s meets tokens that stopped working',
    async (_name, request) => {
      const h = await start();
      await h.untilKind('needs-sign-in');
      await h.handlers['mcp.signIn']({ name: 'remote' });
      await h.untilKind('ready');
      h.fixture.expireAccessTokens();
      h.fixture.revokeRefreshTokens();
      await expect(Promise.resolve().then(() => request(h))).rejects.toMatchObject({
        code: 'MCP_AUTH_REQUIRED',
      });
      const status = (await h.untilKind('needs-sign-in')) as NeedsSignIn;
      // The bare 401 is no reason worth showing: the status already says "sign in".
      expect(status).not.toHaveProperty('error');
      expect(status.inProgress).toBe(false);
      expect(h.browser.visits).toHaveLength(1);
    },
  );

  it('shows no reason when a server that connected before now needs a sign-in', async () => {
    const h = await start();
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    await h.handlers['mcp.signOut']({ name: 'remote' });
    // The connect that follows knows the server (its era is remembered): no probe, a 401 later.
    await h.handlers['mcp.restartServer']({ name: 'remote' });
    const status = (await h.until(settledNeedsSignIn)) as NeedsSignIn;
    expect(status).not.toHaveProperty('error');
    expect(h.fixture.stats.unauthorized).toBeGreaterThan(1);
  });

  it('a restart during a sign-in leaves the waiting sign-in intact; it then succeeds', async () => {
    const opened: string[] = [];
    const browser = new FetchTestOpener();
    // The person's browser: it shows the sign-in page, which waits (the fixture holds it).
    const person: ExternalOpener = {
      openExternal: (url) => {
        opened.push(url);
        return browser.openExternal(url);
      },
    };
    const h = await start({ hold: true }, person);
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    expect(h.status()).toMatchObject({ kind: 'needs-sign-in', inProgress: true });
    const unauthorized = h.fixture.stats.unauthorized;

    // Restart clicked meanwhile (or another window connects): it meets the 401 again.
    await h.handlers['mcp.restartServer']({ name: 'remote' });
    await expect.poll(() => h.fixture.stats.unauthorized).toBeGreaterThan(unauthorized);
    const waiting = await h.until((s) => s.kind === 'needs-sign-in');
    expect(waiting).toMatchObject({ inProgress: true });
    expect(opened).toHaveLength(1);

    // The person finishes in the browser (the page loads again now that the server answers).
    h.fixture.knobs.hold = false;
    await browser.openExternal(opened[0] ?? '');
    const page = await browser.visits.at(-1);
    expect(page?.status).toBe(200);
    expect(page?.body).toContain('Signed in');
    await h.untilKind('ready');
    expect(h.fixture.stats.codeGrants).toBe(1);
    expect(h.fixture.stats.refused).toEqual([]);
    const result = await h.handlers['mcp.callTool']({
      server: 'remote',
      tool: 'whoami',
      arguments: {},
    });
    expect(JSON.stringify(result.result)).toContain('signed-in caller');
  });

  it('forgets tokens and registration on sign-out; the next connect needs a sign-in', async () => {
    const h = await start();
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    expect(await h.secretsText()).toContain('oauth:remote:');
    expect(h.fixture.stats.registrations).toBe(1);

    await h.handlers['mcp.signOut']({ name: 'remote' });
    expect(h.status()).toMatchObject({ kind: 'needs-sign-in', inProgress: false });
    expect(await h.secretsText()).not.toContain('oauth:remote:');
    expect((await h.handlers['mcp.getServer']({ name: 'remote' })).auth).toEqual({
      signedIn: false,
    });
    await h.handlers['mcp.restartServer']({ name: 'remote' });
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    // The registration was forgotten too, so the client registered again.
    expect(h.fixture.stats.registrations).toBe(2);
  });

  it('registers again per sign-in when a strict server compares the random loopback port', async () => {
    const h = await start({ strictRedirect: true });
    await h.untilKind('needs-sign-in');
    // The connect only learned that a sign-in is needed: no registration without its port.
    expect(h.fixture.stats.registrations).toBe(0);

    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    const first = new URL(h.fixture.stats.lastAuthorize?.redirect_uri ?? '');

    // An expired refresh token forces a second browser sign-in, on another random port.
    h.fixture.expireAccessTokens();
    h.fixture.revokeRefreshTokens();
    await h.handlers['mcp.restartServer']({ name: 'remote' });
    await h.untilKind('needs-sign-in');
    expect(h.fixture.stats.registrations).toBe(1);
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    const second = new URL(h.fixture.stats.lastAuthorize?.redirect_uri ?? '');

    expect(second.port).not.toBe(first.port);
    expect(h.fixture.stats.refused.filter((r) => r.includes('redirect_uri'))).toEqual([]);
    expect(h.fixture.stats.codeGrants).toBe(2);
    expect(h.fixture.stats.registrations).toBe(2);
    expect(h.fixture.stats.registeredRedirectUris).toEqual([[first.href], [second.href]]);
    expect(h.browser.visits).toHaveLength(2);
    const result = await h.handlers['mcp.callTool']({
      server: 'remote',
      tool: 'whoami',
      arguments: {},
    });
    expect(JSON.stringify(result.result)).toContain('signed-in caller');
  });

  it('signs in twice around a sign-out against a strict server', async () => {
    const h = await start({ strictRedirect: true });
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    await h.handlers['mcp.signOut']({ name: 'remote' });
    await h.handlers['mcp.restartServer']({ name: 'remote' });
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    expect(h.fixture.stats.codeGrants).toBe(2);
    expect(h.fixture.stats.registrations).toBe(2);
    expect(h.fixture.stats.refused).toEqual([]);
  });

  it('reuses the registration with a fixed redirect port, even at a strict server', async () => {
    const port = await freePort();
    const h = await start({ strictRedirect: true }, undefined, { redirectPort: port });
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    h.fixture.expireAccessTokens();
    h.fixture.revokeRefreshTokens();
    await h.handlers['mcp.restartServer']({ name: 'remote' });
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    await h.untilKind('ready');
    expect(h.fixture.stats.codeGrants).toBe(2);
    expect(h.fixture.stats.registrations).toBe(1);
    expect(h.fixture.stats.registeredRedirectUris).toEqual([[`http://127.0.0.1:${port}/callback`]]);
    expect(h.fixture.stats.refused.filter((r) => r.includes('redirect_uri'))).toEqual([]);
  });

  it('refuses an answer with the wrong state and says so', async () => {
    const h = await start({ wrongState: true });
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    const page = await h.browser.visits[0];
    expect(page?.status).toBe(400);
    expect(page?.body).toContain('state mismatch');
    const status = (await h.until(settledNeedsSignIn)) as NeedsSignIn;
    expect(status.error).toContain('state mismatch');
    expect(h.fixture.stats.codeGrants).toBe(0);
  });

  it('refuses an answer from another issuer (iss mismatch)', async () => {
    const h = await start({ wrongIss: true });
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    const page = await h.browser.visits[0];
    expect(page?.status).toBe(400);
    const status = (await h.until(settledNeedsSignIn)) as NeedsSignIn;
    expect(status.error).toMatch(/issuer mismatch/);
    expect(h.fixture.stats.codeGrants).toBe(0);
    expect(await h.secretsText()).not.toContain('oauth:remote:tokens');
  });

  it('shows the authorization server refusing in plain words', async () => {
    const h = await start({ deny: true });
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    const status = (await h.until(settledNeedsSignIn)) as NeedsSignIn;
    expect(status.error).toContain('Access was denied at the authorization server.');
    expect((await h.browser.visits[0])?.body).toContain('Access was denied');
  });

  it('cancels a sign-in that waits for the browser, closing the listener', async () => {
    let opened: string | undefined;
    const idle: ExternalOpener = {
      openExternal: (url) => {
        opened = url;
        return Promise.resolve(true);
      },
    };
    const h = await start({}, idle);
    await h.untilKind('needs-sign-in');
    await h.handlers['mcp.signIn']({ name: 'remote' });
    expect(h.status()).toMatchObject({ kind: 'needs-sign-in', inProgress: true });
    const redirect = new URL(opened ?? '').searchParams.get('redirect_uri') ?? '';
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    await h.handlers['mcp.cancelSignIn']({ name: 'remote' });
    expect(h.status()).toMatchObject({ kind: 'needs-sign-in', inProgress: false });
    expect(h.status()).not.toHaveProperty('error');
    await expect(fetch(`${redirect}?code=x&state=y`)).rejects.toThrow();
  });

  it('does not open anything but https or loopback addresses', async () => {
    const calls: string[] = [];
    const opener: ExternalOpener = {
      openExternal: (url) => {
        calls.push(url);
        return Promise.resolve(false);
      },
    };
    const h = await start({}, opener);
    await h.untilKind('needs-sign-in');
    // The person declined in the confirmation: the attempt ends without an error to show.
    await expect(h.handlers['mcp.signIn']({ name: 'remote' })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    expect(h.status()).toMatchObject({ kind: 'needs-sign-in', inProgress: false });
  });
});
