import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../shared/ipc/wsProtocol';
import { startTestShell, type TestShell } from './testing/startTestShell';
import type { WebShell } from './WebShell';
import { httpRequest } from './testing/httpRequest';

let shell: WebShell;
let port: number;
let running: TestShell;

beforeAll(async () => {
  running = await startTestShell();
  ({ shell, port } = running);
});

afterAll(() => running.stop());

function get(path: string, headers: Record<string, string> = {}) {
  return httpRequest({ port, path, headers });
}

/** Opens a socket and resolves with the HTTP status it was refused with, or 101 when open. */
function connect(
  query: string,
  headers: Record<string, string>,
): Promise<{ status: number; ws?: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ipc${query}`, { headers });
    ws.on('open', () => resolve({ status: 101, ws }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on('error', () => resolve({ status: -1 }));
  });
}

const origin = () => `http://127.0.0.1:${port}`;

describe('WebShell HTTP', () => {
  it('binds to 127.0.0.1 only', () => {
    expect(shell.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}$/);
  });

  it('refuses the page without the token, or with a wrong one', async () => {
    expect((await get('/')).status).toBe(401);
    expect((await get('/?token=wrong')).status).toBe(401);
    expect((await get('/assets/app.js')).status).toBe(401);
  });

  it('serves the page with the token, with CSP, and sets a cookie for assets', async () => {
    const page = await get(`/?token=${shell.token}`);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe');
    const cookie = String((page.headers['set-cookie'] as string[])[0]).split(';')[0] ?? '';
    expect(cookie).toContain('switchboard_token=');
    expect((await get('/assets/app.js', { cookie })).status).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    expect((await get(`/?token=${shell.token}`, { host: 'evil.example' })).status).toBe(403);
    expect((await get(`/?token=${shell.token}`, { host: `evil.example:${port}` })).status).toBe(
      403,
    );
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/..%2foutside.txt']) {
      const res = await get(`${path}${path.includes('?') ? '&' : '?'}token=${shell.token}`);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('secret outside');
    }
  });
});

describe('WebShell socket', () => {
  it('refuses sockets without the token, with a wrong Origin or Host', async () => {
    expect((await connect('', { origin: origin() })).status).toBe(401);
    expect((await connect('?token=nope', { origin: origin() })).status).toBe(401);
    expect((await connect(`?token=${shell.token}`, { origin: 'http://evil.example' })).status).toBe(
      403,
    );
    expect((await connect(`?token=${shell.token}`, {})).status).toBe(403);
    expect(
      (await connect(`?token=${shell.token}`, { origin: origin(), host: 'evil.example' })).status,
    ).toBe(403);
  });

  it('answers 1000 malformed or unknown requests with validation errors and keeps serving', async () => {
    const { ws } = await connect(`?token=${shell.token}`, { origin: origin() });
    if (!ws) throw new Error('socket refused');
    const results: ServerFrame[] = [];
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      // Events (servers starting, settings) may interleave; count answers only.
      if (frame.kind === 'result') results.push(frame);
    });
    const big = 'x'.repeat(1024 * 1024 + 10);
    const malformed: string[] = [];
    for (let i = 0; i < 1000; i++) {
      switch (i % 8) {
        case 0:
          malformed.push(JSON.stringify({ kind: 'invoke', id: i, name: `nope.${i}`, input: {} }));
          break;
        case 1:
          malformed.push(
            JSON.stringify({ kind: 'invoke', id: i, name: 'settings.update', input: { theme: i } }),
          );
          break;
        case 2:
          malformed.push(`{ not json ${i}`);
          break;
        case 3:
          malformed.push(JSON.stringify({ kind: 'invoke', id: i, name: 42, input: null }));
          break;
        case 4:
          malformed.push(JSON.stringify([1, 2, i]));
          break;
        case 5:
          malformed.push(
            JSON.stringify({
              kind: 'invoke',
              id: i,
              name: 'settings.setApiKey',
              input: { apiKey: 7 },
            }),
          );
          break;
        case 6:
          malformed.push(JSON.stringify({ kind: 'invoke', id: i, name: '__proto__', input: {} }));
          break;
        default:
          malformed.push(
            i % 40 === 7
              ? JSON.stringify({ kind: 'invoke', id: i, name: 'settings.get', input: big })
              : 'null',
          );
      }
    }
    for (const frame of malformed) ws.send(frame);
    await expect.poll(() => results.length, { timeout: 20_000 }).toBe(1000);
    for (const frame of results) {
      expect(frame.kind).toBe('result');
      if (frame.kind !== 'result') continue;
      expect(frame.result.ok).toBe(false);
      if (!frame.result.ok) expect(frame.result.error.code).toBe('VALIDATION');
    }
    ws.send(JSON.stringify({ kind: 'invoke', id: 5000, name: 'settings.get', input: {} }));
    await expect.poll(() => results.length).toBe(1001);
    const last = results.at(-1);
    expect(last).toMatchObject({ kind: 'result', id: 5000, result: { ok: true } });
    ws.close();
  });

  it('answers a request nested 5000 levels deep with a validation error', async () => {
    const { ws } = await connect(`?token=${shell.token}`, { origin: origin() });
    if (!ws) throw new Error('socket refused');
    const answers: ServerFrame[] = [];
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      if (frame.kind === 'result') answers.push(frame);
    });
    const deep = '{"a":['.repeat(5000) + '1' + ']}'.repeat(5000);
    const input = `{"server":"s","tool":"t","arguments":${deep}}`;
    ws.send(`{"kind":"invoke","id":77,"name":"mcp.callTool","input":${input}}`);
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toMatchObject({
      kind: 'result',
      id: 77,
      result: { ok: false, error: { code: 'VALIDATION' } },
    });
    ws.close();
  });

  it('answers app.bootstrap unasked, as result 0, to a socket opened with ?bootstrap=1', async () => {
    const frames = async (query: string): Promise<ServerFrame[]> => {
      const received: ServerFrame[] = [];
      // Listening from the start, as a page does: the answer may come with the handshake.
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ipc${query}`, { origin: origin() });
      ws.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as ServerFrame));
      await new Promise((opened) => ws.once('open', opened));
      // A request of its own, so there is something to wait for on both sockets.
      ws.send(JSON.stringify({ kind: 'invoke', id: 7, name: 'settings.get', input: {} }));
      await expect.poll(() => received.some((f) => f.kind === 'result' && f.id === 7)).toBe(true);
      ws.close();
      return received;
    };
    const eager = await frames(`?token=${shell.token}&bootstrap=1`);
    const first = eager.find((f) => f.kind === 'result' && f.id === 0);
    expect(first?.kind === 'result' && first.result.ok).toBe(true);
    const value = first?.kind === 'result' && first.result.ok ? first.result.value : undefined;
    const bootstrap = value as { settings?: unknown; servers?: unknown };
    expect(typeof bootstrap.settings).toBe('object');
    expect(Array.isArray(bootstrap.servers)).toBe(true);
    // Asked for nothing, sent nothing unasked.
    const plain = await frames(`?token=${shell.token}`);
    expect(plain.filter((f) => f.kind === 'result').map((f) => f.id)).toEqual([7]);
  });

  it('pushes events to connected sockets', async () => {
    const { ws } = await connect(`?token=${shell.token}`, { origin: origin() });
    if (!ws) throw new Error('socket refused');
    const frames: ServerFrame[] = [];
    ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as ServerFrame));
    ws.send(
      JSON.stringify({ kind: 'invoke', id: 1, name: 'settings.update', input: { theme: 'dark' } }),
    );
    await expect
      .poll(() => frames.some((f) => f.kind === 'event' && f.name === 'settings.changed'))
      .toBe(true);
    ws.close();
  });
});
