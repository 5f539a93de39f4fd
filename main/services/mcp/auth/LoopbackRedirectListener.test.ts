import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { LoopbackRedirectListener } from './LoopbackRedirectListener';

const open: LoopbackRedirectListener[] = [];
afterEach(() => {
  for (const listener of open.splice(0)) listener.cancel();
});

async function listen(
  onCallback: (params: URLSearchParams) => Promise<void> = () => Promise.resolve(),
  extra: { port?: number; timeoutMs?: number } = {},
) {
  const listener = await LoopbackRedirectListener.start({ onCallback, ...extra });
  open.push(listener);
  return listener;
}

/** A GET with a chosen Host header (fetch does not let one set it). */
function get(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('LoopbackRedirectListener', () => {
  it('hands the answer over, tells the browser, and closes', async () => {
    const seen: string[] = [];
    const listener = await listen((params) => {
      seen.push(params.toString());
      return Promise.resolve();
    });
    expect(listener.redirectUrl).toBe(`http://127.0.0.1:${listener.port}/callback`);
    listener.expectState('s1');
    const response = await fetch(`${listener.redirectUrl}?code=c&state=s1&iss=x`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response.text()).toContain('Signed in — you can return to Switchboard.');
    await expect(listener.done).resolves.toBeUndefined();
    expect(seen).toEqual(['code=c&state=s1&iss=x']);
    // The one-time listener closes once it has answered.
    await expect
      .poll(() =>
        fetch(listener.redirectUrl).then(
          () => 'open',
          () => 'closed',
        ),
      )
      .toBe('closed');
  });

  it('refuses another Host or path without ending the attempt', async () => {
    const listener = await listen();
    const rebound = await get(listener.port, '/callback?code=c', `evil.test:${listener.port}`);
    expect(rebound.status).toBe(421);
    expect((await fetch(`http://127.0.0.1:${listener.port}/other`)).status).toBe(404);
    const ok = await fetch(`${listener.redirectUrl}?code=c`);
    expect(ok.status).toBe(200);
    await listener.done;
  });

  it('refuses an answer with another state', async () => {
    let called = false;
    const listener = await listen(() => {
      called = true;
      return Promise.resolve();
    });
    listener.expectState('expected');
    const response = await fetch(`${listener.redirectUrl}?code=c&state=forged`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('state mismatch');
    await expect(listener.done).rejects.toMatchObject({ code: AppErrorCode.Validation });
    expect(called).toBe(false);
  });

  it('shows the error the callback handler raised, escaped', async () => {
    const listener = await listen(() =>
      Promise.reject(new AppError(AppErrorCode.McpAuthRequired, 'Access <denied>.')),
    );
    const response = await fetch(`${listener.redirectUrl}?error=access_denied`);
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain('Access &lt;denied&gt;.');
    expect(body).not.toContain('<denied>');
    await expect(listener.done).rejects.toThrow('Access <denied>.');
  });

  it('times out when the browser never comes back, and can be cancelled', async () => {
    const slow = await listen(undefined, { timeoutMs: 50 });
    await expect(slow.done).rejects.toThrow(/timed out/);
    const cancelled = await listen();
    cancelled.cancel();
    await expect(cancelled.done).rejects.toMatchObject({ code: AppErrorCode.Cancelled });
  });

  it('uses a configured port and says plainly when it is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      await expect(listen(undefined, { port })).rejects.toThrow(
        `Port ${port} for the sign-in redirect is in use by another program`,
      );
    } finally {
      await new Promise((r) => blocker.close(r));
    }
    const fixed = await listen(undefined, { port });
    expect(fixed.redirectUrl).toBe(`http://127.0.0.1:${port}/callback`);
  });
});
