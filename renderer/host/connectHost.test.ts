// @vitest-environment node
// Node's own WebSocket (the browser API) against a real `ws` server: frames really cross a socket.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { InvokeFrame, ServerFrame } from '../../shared/ipc/wsProtocol';
import { AppErrorCode } from '../../shared/errors';
import type { Envelope } from '../../shared/ipc/envelope';
import type { HostBridge } from './HostBridge';
import { connectHost } from './connectHost';
import type { ConnectionState } from './createWsBridge';

let server: WebSocketServer | undefined;

afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

/** A shell's socket that answers `app.bootstrap` with `value` (or an error) and notes every frame. */
async function shell(answer: Envelope<unknown>) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server = wss;
  await new Promise<void>((done) => wss.once('listening', () => done()));
  const received: InvokeFrame[] = [];
  const urls: string[] = [];
  wss.on('connection', (socket, req) => {
    urls.push(req.url ?? '');
    // As the shell does for `?bootstrap=1`: the answer goes out as the socket is accepted.
    if (new URL(req.url ?? '', 'ws://x').searchParams.get('bootstrap') === '1') {
      const reply: ServerFrame = { kind: 'result', id: 0, result: answer };
      socket.send(JSON.stringify(reply));
    }
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as InvokeFrame;
      received.push(frame);
      const reply: ServerFrame = { kind: 'result', id: frame.id, result: answer };
      socket.send(JSON.stringify(reply));
    });
  });
  const port = (wss.address() as { port: number }).port;
  return { received, urls, location: { host: `127.0.0.1:${String(port)}`, search: '?token=t1' } };
}

describe('connectHost', () => {
  it('asks for the bootstrap with the socket itself, which carries the page token', async () => {
    const bootstrap = { settings: { language: 'en' } };
    const s = await shell({ ok: true, value: bootstrap });
    const connection = connectHost(undefined, s.location);
    await expect(connection.bootstrap).resolves.toEqual(bootstrap);
    // The answer came unasked: the page sent no request for it.
    expect(s.received).toEqual([]);
    expect(s.urls).toEqual(['/ipc?token=t1&bootstrap=1']);
  });

  it('passes state changes to the listener set later, and a failed bootstrap to its caller', async () => {
    const s = await shell({
      ok: false,
      error: { code: AppErrorCode.Internal, message: 'broken store' },
    });
    const connection = connectHost(undefined, s.location);
    const states: ConnectionState[] = [];
    connection.onState((state) => states.push(state));
    await expect(connection.bootstrap).rejects.toThrow('broken store');
    expect(states).toEqual(['open']);
    server?.clients.forEach((client) => client.terminate());
    await expect.poll(() => states.at(-1)).toBe('reconnecting');
  });

  it('tells a listener set late of a drop it missed', async () => {
    const s = await shell({ ok: true, value: {} });
    const connection = connectHost(undefined, s.location);
    await connection.bootstrap;
    // The socket drops while the page is still starting, before anyone listens.
    server?.clients.forEach((client) => client.terminate());
    await new Promise((done) => setTimeout(done, 50));
    const states: ConnectionState[] = [];
    connection.onState((state) => states.push(state));
    expect(states).toEqual(['reconnecting']);
  });

  it('tells a listener set late of a reconnect it missed, so that the page resyncs', async () => {
    const s = await shell({ ok: true, value: {} });
    const connection = connectHost(undefined, s.location);
    await connection.bootstrap;
    server?.clients.forEach((client) => client.terminate());
    // Back (the second socket accepted) before anyone listened.
    await expect.poll(() => s.urls.length).toBe(2);
    await new Promise((done) => setTimeout(done, 100));
    const heard: ConnectionState[] = [];
    connection.onState((state) => heard.push(state));
    expect(heard).toEqual(['open']);
  });

  it('uses the preload bridge when there is one, and opens no socket', async () => {
    const asked: string[] = [];
    const preload: HostBridge = {
      invoke: (name) => {
        asked.push(name);
        return Promise.resolve({ ok: true, value: { from: 'preload' } });
      },
      on: () => () => undefined,
    };
    const connection = connectHost(preload, { host: '127.0.0.1:1', search: '' });
    await expect(connection.bootstrap).resolves.toEqual({ from: 'preload' });
    expect(asked).toEqual(['app.bootstrap']);
  });
});
