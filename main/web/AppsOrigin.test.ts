import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../shared/ipc/envelope';
import { createLogger } from '../platform/Logger';
import { HostEvents } from '../services/base/HostEvents';
import { AppsOrigin } from './AppsOrigin';
import { httpRequest } from './testing/httpRequest';
import { WebShell } from './WebShell';

const log = createLogger({ consoleLevel: 'silent' });
const token = 'a'.repeat(43);
let origin: AppsOrigin;
let shell: WebShell;
const asked: string[] = [];

beforeAll(async () => {
  origin = new AppsOrigin({
    token,
    log,
    respond: (pathname) => {
      asked.push(pathname);
      return Promise.resolve({
        status: 200,
        headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'none'" },
        body: `page ${pathname}`,
      });
    },
  });
  await origin.start();
  const rendererDir = await mkdtemp(join(tmpdir(), 'sb-apps-origin-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  shell = new WebShell({
    dispatch: () => Promise.resolve(ok({})),
    events: new HostEvents(),
    rendererDir,
    log,
    token,
    frameSources: origin.origins,
  });
  await shell.start();
});

afterAll(async () => {
  await shell.stop();
  await origin.stop();
});

function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const parsed = new URL(url);
  const { host, ...rest } = headers;
  return httpRequest({
    port: parsed.port,
    path: parsed.pathname + parsed.search,
    host: host ?? parsed.host,
    headers: rest,
    method,
  });
}

describe('the sandbox origin of the web shell', () => {
  it('is another port on 127.0.0.1, behind the shell’s token (query or cookie)', async () => {
    expect(origin.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(origin.url).not.toBe(new URL(shell.url).origin);
    expect((await get(`${origin.url}/frame/x`)).status).toBe(401);
    expect((await get(`${origin.url}/frame/x?token=wrong`)).status).toBe(401);
    const page = await get(`${origin.url}/frame/x`, { cookie: `switchboard_token=${token}` });
    expect(page).toMatchObject({ status: 200, body: 'page /frame/x' });
    expect(page.headers['content-security-policy']).toBe("default-src 'none'");
    expect(asked).toEqual(['/frame/x']);
  });

  it('refuses foreign Host headers and anything but GET and HEAD', async () => {
    const cookie = `switchboard_token=${token}`;
    const port = new URL(origin.url).port;
    expect(
      (await get(`${origin.url}/frame/x`, { cookie, host: `evil.example:${port}` })).status,
    ).toBe(403);
    expect((await get(`${origin.url}/frame/x`, { cookie }, 'POST')).status).toBe(405);
    const head = await get(`${origin.url}/frame/x`, { cookie }, 'HEAD');
    expect(head).toMatchObject({ status: 200, body: '' });
  });

  it('is the only origin the renderer may frame', async () => {
    const page = await get(shell.url);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`frame-src ${origin.origins.join(' ')}`);
  });
});
