import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthFixture, type AuthFixture } from '../../e2e/fixtures/authServer/authServer.mjs';
import { FetchTestOpener } from '../testing/FetchTestOpener';
import { runCli } from './runCli';

let dir: string;
let config: string;
let fixture: AuthFixture;
/** Everything every command printed, to prove no token ever reaches stdout or stderr. */
let printed = '';
/** Every token the authorization server ever issued (refresh tokens are gone once used). */
const issued = new Set<string>();

const HINT = 'remote needs sign-in: run `npm run --silent cli -- signin remote`';

beforeAll(async () => {
  fixture = await startAuthFixture();
  dir = await mkdtemp(join(tmpdir(), 'sb-cli-signin-'));
  config = join(dir, 'servers.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        remote: { url: fixture.mcpUrl },
        local: { command: process.execPath, args: ['-e', ''] },
      },
    }),
  );
});

afterAll(async () => {
  await fixture.close();
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  out: string;
  err: string;
  ms: number;
}

/**
 * Runs the CLI on the shared data dir. `onErr` sees stderr as it is written (the sign-in URL
 * appears there while the command waits).
 */
async function cli(
  argv: string[],
  options: {
    env?: Record<string, string>;
    onErr?: (text: string) => void;
    signal?: AbortSignal;
    signInBrowser?: FetchTestOpener;
  } = {},
): Promise<Run> {
  let out = '';
  let err = '';
  const started = Date.now();
  const code = await runCli(
    [...argv, '--config', config, '--data-dir', join(dir, 'data'), '--no-login-shell'],
    { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
    (t) => (out += t),
    (t) => {
      err += t;
      options.onErr?.(t);
    },
    options.signal,
    undefined,
    options.signInBrowser ? { signInBrowser: options.signInBrowser } : {},
  );
  printed += out + err;
  for (const token of fixture.issuedTokens()) issued.add(token);
  return { code, out, err, ms: Date.now() - started };
}

/** A person's browser, as far as this fixture needs one: follows loopback redirects. */
async function visit(start: string): Promise<{ status: number; body: string }> {
  let url = start;
  for (let hop = 0; hop < 5; hop++) {
    expect(new URL(url).hostname).toBe('127.0.0.1');
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    return { status: response.status, body: await response.text() };
  }
  throw new Error('too many redirects');
}

/** Opens the authorization URL once the command printed it on stderr. */
function browserFollowingPrintedUrl(): {
  onErr: (text: string) => void;
  visited: Promise<{ status: number; body: string }>;
  url: () => string | undefined;
} {
  let seen: string | undefined;
  let start!: (url: string) => void;
  const urlSeen = new Promise<string>((resolve) => (start = resolve));
  return {
    onErr: (text) => {
      const match = /http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+/.exec(text);
      if (match && !seen) {
        seen = match[0];
        start(seen);
      }
    },
    visited: urlSeen.then(visit),
    url: () => seen,
  };
}

async function secrets(): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(join(dir, 'data', 'secrets.json'), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

describe('cli sign-in', () => {
  it('before signing in: tools and call say which server needs sign-in and how, exit 4, no retries', async () => {
    const tools = await cli(['tools']);
    expect(tools.code).toBe(4);
    expect(tools.err).toContain(HINT);
    expect(tools.out).not.toContain('remote__whoami');
    // One connect, no backoff loop: a handful of requests (probe, discovery) and quickly done.
    const unauthorizedAfterTools = fixture.stats.unauthorized;
    expect(unauthorizedAfterTools).toBeLessThanOrEqual(2);
    // Quickly done (with slack for a loaded machine): no backoff waits between attempts.
    expect(tools.ms).toBeLessThan(15_000);

    const call = await cli(['call', 'remote', 'whoami', '--json']);
    expect(call.code).toBe(4);
    expect(JSON.parse(call.out)).toMatchObject({
      error: { code: 'MCP_AUTH_REQUIRED', message: HINT },
    });
    expect(fixture.stats.unauthorized - unauthorizedAfterTools).toBeLessThanOrEqual(2);

    const servers = await cli(['servers']);
    expect(servers.code).toBe(1); // `local` exits at once: a real failure besides the sign-in
    expect(servers.out).toContain(`MCP_AUTH_REQUIRED: ${HINT}`);
  });

  it('signin prints the address, waits for the browser, stores tokens; tools and call then work', async () => {
    const browser = browserFollowingPrintedUrl();
    const [run, page] = await Promise.all([
      cli(['signin', 'remote', '--no-browser', '--timeout', '15000'], { onErr: browser.onErr }),
      browser.visited,
    ]);
    expect(run.code).toBe(0);
    expect(run.err).toContain('Open this address in your browser to sign in:');
    expect(browser.url()).toContain(`redirect_uri=${encodeURIComponent('http://127.0.0.1:')}`);
    expect(page).toMatchObject({ status: 200 });
    expect(page.body).toContain('Signed in');
    expect(run.out.trim()).toBe(
      `Signed in to remote (issuer ${fixture.issuer}, scopes mcp:tools).`,
    );
    expect(Object.keys(await secrets())).toContain('oauth:remote:tokens');

    const tools = await cli(['tools', '--json']);
    expect(tools.code).toBe(0);
    expect(JSON.parse(tools.out)).toMatchObject({
      tools: [{ name: 'remote__whoami', server: 'remote', originalName: 'whoami' }],
    });

    const call = await cli(['call', 'remote', 'whoami', '--args', '{"greeting":"Hi"}']);
    expect(call).toMatchObject({ code: 0, out: 'Hi, signed-in caller\n' });
  });

  it('an expired access token is refreshed from the store, without a browser', async () => {
    const before = fixture.stats.refreshGrants;
    fixture.expireAccessTokens();
    const call = await cli(['call', 'remote', 'whoami']);
    expect(call).toMatchObject({ code: 0, out: 'Hello, signed-in caller\n' });
    expect(fixture.stats.refreshGrants).toBe(before + 1);

    const again = await cli(['signin', 'remote', '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toEqual({
      server: 'remote',
      signedIn: true,
      alreadySignedIn: true,
      issuer: fixture.issuer,
      scopes: ['mcp:tools'],
    });
  });

  it('signout forgets the tokens; tools then reports the sign-in with the hint and exit 4', async () => {
    const out = await cli(['signout', 'remote']);
    expect(out).toMatchObject({ code: 0, out: 'Signed out of remote.\n' });
    expect(Object.keys(await secrets()).filter((k) => k.startsWith('oauth:remote:'))).toEqual([]);

    const tools = await cli(['tools', '--json']);
    expect(tools.code).toBe(4);
    // The server connected before (its era is remembered), yet the hint carries no bare 401.
    expect(JSON.parse(tools.out)).toEqual({
      tools: [],
      needsSignIn: [{ server: 'remote', message: HINT }],
    });
    expect(tools.err).toContain(HINT);
    expect(tools.err).not.toContain('Unauthorized');
    const call = await cli(['call', 'remote', 'whoami', '--json']);
    expect(call.code).toBe(4);
    expect(JSON.parse(call.out)).toMatchObject({
      error: { code: 'MCP_AUTH_REQUIRED', message: HINT },
    });

    const twice = await cli(['signout', 'remote']);
    expect(twice).toMatchObject({ code: 0, out: 'remote was not signed in; nothing to forget.\n' });
    const stdio = await cli(['signin', 'local']);
    expect(stdio.code).toBe(1);
    expect(stdio.err).toContain('only remote servers sign in');
  });

  it('signin --json with a browser that approves at once (the test opener)', async () => {
    const run = await cli(['signin', 'remote', '--json', '--timeout', '15000'], {
      signInBrowser: new FetchTestOpener(),
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toEqual({
      server: 'remote',
      signedIn: true,
      alreadySignedIn: false,
      issuer: fixture.issuer,
      scopes: ['mcp:tools'],
    });
    expect(run.err).toMatch(/http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    expect((await cli(['call', 'remote', 'whoami'])).code).toBe(0);
    await cli(['signout', 'remote']);
  });

  it('Ctrl+C while waiting for the browser cancels: the listener closes, nothing pending is kept', async () => {
    fixture.knobs.hold = true;
    try {
      const abort = new AbortController();
      let redirectUri: string | undefined;
      const run = cli(['signin', 'remote', '--no-browser', '--timeout', '15000'], {
        signal: abort.signal,
        onErr: (text) => {
          const match = /redirect_uri=([^&\s]+)/.exec(text);
          if (!match?.[1]) return;
          redirectUri = decodeURIComponent(match[1]);
          // The person never finishes in the browser and presses Ctrl+C.
          setTimeout(() => abort.abort(), 100);
        },
      });
      const result = await run;
      expect(result.code).toBe(1);
      expect(result.err).toContain('Interrupted.');
      expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      await expect(fetch(`${redirectUri}?code=x&state=y`)).rejects.toThrow();
      const left = Object.keys(await secrets()).filter((k) => k.startsWith('oauth:remote:'));
      expect(left).not.toContain('oauth:remote:tokens');
      expect(left).not.toContain('oauth:remote:verifier');
      expect(left).not.toContain('oauth:remote:state');
    } finally {
      fixture.knobs.hold = false;
    }
  });

  it('no token was ever printed', () => {
    expect(issued.size).toBeGreaterThan(2);
    for (const token of issued) expect(printed).not.toContain(token);
  });
});
