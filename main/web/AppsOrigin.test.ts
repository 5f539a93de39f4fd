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

const label = 'ab'.repeat(16);

beforeAll(async () => {
  origin = new AppsOrigin({
    log,
    respond: (originLabel, pathname) => {
      asked.push(`${originLabel} ${pathname}`);
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
    frameSources: [origin.frameSource],
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

describe('the App origins of the web shell', () => {
  it('gives each frame a host of its own on a port that is not the shell’s', () => {
    const app = new URL(origin.originOf(label));
    const shellUrl = new URL(shell.url);
    expect(app.hostname).toBe(`${label}.localhost`);
    expect(app.port).not.toBe(shellUrl.port);
    expect(origin.originOf('cd'.repeat(16))).not.toBe(origin.originOf(label));
  });

  it('serves a frame’s host by its label, with no token (none may reach an App)', async () => {
    const page = await get(`${origin.originOf(label)}/frame/x`);
    expect(page).toMatchObject({ status: 200, body: 'page /frame/x' });
    expect(page.headers['content-security-policy']).toBe("default-src 'none'");
    expect(asked).toEqual([`${label} /frame/x`]);
  });

  it('refuses the bare loopback names, foreign and malformed hosts, and other methods', async () => {
    const port = new URL(origin.originOf(label)).port;
    const app = `${origin.originOf(label)}/frame/x`;
    const cookie = `switchboard_token=${token}`;
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `evil.example:${port}`,
      `${label}.evil.example:${port}`,
      `${label}.localhost:${Number(port) + 1}`,
      `${label}.localhost`,
      `x.${label}.localhost:${port}`,
      `${label.toUpperCase()}.localhost:${port}`,
      `short.localhost:${port}`,
    ]) {
      expect((await get(app, { cookie, host })).status, host).toBe(403);
    }
    expect((await get(app, {}, 'POST')).status).toBe(405);
    const head = await get(app, {}, 'HEAD');
    expect(head).toMatchObject({ status: 200, body: '' });
  });

  it('is the only thing the renderer may frame: App hosts of its port', async () => {
    const page = await get(shell.url);
    const csp = String(page.headers['content-security-policy']);
    const port = new URL(origin.originOf(label)).port;
    expect(csp).toContain(`frame-src http://*.localhost:${port};`);
  });
});
