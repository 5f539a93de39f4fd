// @vitest-environment node
// Node's own WebSocket (the browser API) against a real `ws` server: frames really cross a socket.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { InvokeFrame, ServerFrame } from '../../shared/ipc/wsProtocol';
import { createWsBridge, type ConnectionState, type WsBridgeOptions } from './createWsBridge';

interface Harness {
  /** Ids of every invoke the server received, in order, across connections. */
  received: number[];
  states: ConnectionState[];
  bridge: ReturnType<typeof createWsBridge>;
  /** Answers an invoke received earlier (on whichever connection is open now). */
  answer: (id: number) => void;
  /** Drops every connection and refuses new ones until `accept()`. */
  dropAll: () => Promise<void>;
  accept: () => void;
  opened: () => number;
}

let server: WebSocketServer | undefined;

afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

async function harness(options: WsBridgeOptions = {}): Promise<Harness> {
  let refusing = false;
  // Refused at the handshake, as a shell that is not running (yet) would be.
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, verifyClient: () => !refusing });
  server = wss;
  await new Promise<void>((done) => wss.once('listening', () => done()));
  const received: number[] = [];
  const states: ConnectionState[] = [];
  let opened = 0;
  let current: ServerSocket | undefined;
  wss.on('connection', (socket) => {
    opened += 1;
    current = socket;
    socket.on('message', (data: Buffer) => {
      received.push((JSON.parse(data.toString()) as InvokeFrame).id);
    });
  });
  const port = (wss.address() as { port: number }).port;
  const bridge = createWsBridge(`ws://127.0.0.1:${port}/ipc`, (s) => states.push(s), {
    reconnectDelayMs: () => 20,
    ...options,
  });
  await expect.poll(() => states.at(-1)).toBe('open');
  return {
    received,
    states,
    bridge,
    answer: (id) => {
      const frame: ServerFrame = { kind: 'result', id, result: { ok: true, value: { id } } };
      current?.send(JSON.stringify(frame));
    },
    dropAll: async () => {
      refusing = true;
      for (const client of wss.clients) client.terminate();
      await expect.poll(() => states.at(-1)).toBe('reconnecting');
    },
    accept: () => {
      refusing = false;
    },
    opened: () => opened,
  };
}

describe('createWsBridge reconnect', () => {
  it('fails what was in flight when the socket drops and never sends it again', async () => {
    const h = await harness();
    const inFlight = h.bridge.invoke('settings.get', {});
    await expect.poll(() => h.received).toEqual([1]);
    await h.dropAll();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    h.accept();
    await expect.poll(() => h.opened()).toBe(2);
    // A request after the reconnect proves the socket carries frames again, and that the
    // failed one did not ride along.
    const after = h.bridge.invoke('settings.get', {});
    await expect.poll(() => h.received).toEqual([1, 2]);
    h.answer(2);
    expect(await after).toEqual({ ok: true, value: { id: 2 } });
  });

  it('sends a request made while disconnected exactly once after the reconnect', async () => {
    const h = await harness();
    await h.dropAll();
    const waiting = h.bridge.invoke('conversation.send', { conversationId: 'c', text: 'hi' });
    // Several failed attempts pass while it waits; none of them may fail or send it.
    await expect.poll(() => h.states.filter((s) => s === 'reconnecting').length).toBeGreaterThan(3);
    h.accept();
    await expect.poll(() => h.received).toEqual([1]);
    h.answer(1);
    expect(await waiting).toEqual({ ok: true, value: { id: 1 } });
    const next = h.bridge.invoke('settings.get', {});
    await expect.poll(() => h.received).toEqual([1, 2]);
    h.answer(2);
    await next;
    expect(h.received).toEqual([1, 2]);
  });

  it('fails and drops a request that waited too long; a retry then runs once', async () => {
    const h = await harness({ queueTimeoutMs: 50 });
    await h.dropAll();
    const send = { conversationId: 'c', text: 'hi' };
    const first = await h.bridge.invoke('conversation.send', send);
    expect(first).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    h.accept();
    await expect.poll(() => h.opened()).toBe(2);
    const retry = h.bridge.invoke('conversation.send', send);
    await expect.poll(() => h.received).toEqual([2]);
    h.answer(2);
    expect(await retry).toEqual({ ok: true, value: { id: 2 } });
    expect(h.received).toEqual([2]);
  });

  it('bounds the queue: past the limit a request fails at once and is never sent', async () => {
    const h = await harness({ maxQueued: 3 });
    await h.dropAll();
    const answers = Array.from({ length: 5 }, () => h.bridge.invoke('settings.get', {}));
    expect(await answers[3]).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    expect(await answers[4]).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    h.accept();
    await expect.poll(() => h.received).toEqual([1, 2, 3]);
    for (const id of [1, 2, 3]) h.answer(id);
    expect(await Promise.all(answers.slice(0, 3))).toEqual(
      [1, 2, 3].map((id) => ({ ok: true, value: { id } })),
    );
    const probe = h.bridge.invoke('settings.get', {});
    await expect.poll(() => h.received).toEqual([1, 2, 3, 6]);
    h.answer(6);
    await probe;
  });
});

describe('createWsBridge eager bootstrap', () => {
  /** A shell that sends result 0 to a socket opened with `?bootstrap=1` unless told not to. */
  async function eagerShell(sendEager: () => boolean, after: ServerFrame[] = []) {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server = wss;
    await new Promise<void>((done) => wss.once('listening', () => done()));
    const urls: string[] = [];
    const received: InvokeFrame[] = [];
    wss.on('connection', (socket, req) => {
      urls.push(req.url ?? '');
      socket.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as InvokeFrame;
        received.push(frame);
        const reply: ServerFrame = {
          kind: 'result',
          id: frame.id,
          result: { ok: true, value: 'asked' },
        };
        socket.send(JSON.stringify(reply));
      });
      if (req.url?.includes('bootstrap=1') && sendEager()) {
        const reply: ServerFrame = {
          kind: 'result',
          id: 0,
          result: { ok: true, value: 'unasked' },
        };
        socket.send(JSON.stringify(reply));
        for (const frame of after) socket.send(JSON.stringify(frame));
      } else if (req.url?.includes('bootstrap=1')) {
        socket.terminate();
      }
    });
    const port = (wss.address() as { port: number }).port;
    return { urls, received, url: `ws://127.0.0.1:${port}/ipc?token=t` };
  }

  it('takes the first bootstrap from the unasked answer; later ones are asked for', async () => {
    const shell = await eagerShell(() => true);
    const bridge = createWsBridge(shell.url, () => undefined, { eagerBootstrap: true });
    await expect(bridge.invoke('app.bootstrap', {})).resolves.toEqual({
      ok: true,
      value: 'unasked',
    });
    expect(shell.received).toEqual([]);
    // A window that reconnects asks again: that one goes out as a request.
    await expect(bridge.invoke('app.bootstrap', {})).resolves.toEqual({ ok: true, value: 'asked' });
    expect(shell.received.map((f) => f.name)).toEqual(['app.bootstrap']);
    expect(shell.urls).toEqual(['/ipc?token=t&bootstrap=1']);
  });

  it('asks for the bootstrap after the reconnect when the first socket closed first', async () => {
    const shell = await eagerShell(() => false);
    const bridge = createWsBridge(shell.url, () => undefined, {
      eagerBootstrap: true,
      reconnectDelayMs: () => 20,
    });
    await expect(bridge.invoke('app.bootstrap', {})).resolves.toEqual({ ok: true, value: 'asked' });
    expect(shell.received.map((f) => f.name)).toEqual(['app.bootstrap']);
    // Only the first socket asks for the unasked answer.
    expect(shell.urls).toEqual(['/ipc?token=t&bootstrap=1', '/ipc?token=t']);
  });

  it('holds the events that come after the unasked answer until the page subscribes', async () => {
    const event = (n: number): ServerFrame => ({
      kind: 'event',
      name: 'mcp.serversChanged',
      payload: n,
    });
    const shell = await eagerShell(() => true, [event(1), event(2)]);
    const bridge = createWsBridge(shell.url, () => undefined, { eagerBootstrap: true });
    await expect(bridge.invoke('app.bootstrap', {})).resolves.toEqual({
      ok: true,
      value: 'unasked',
    });
    // The page's entry is still being evaluated: nobody listens yet, and the events are in.
    await new Promise((done) => setTimeout(done, 100));
    const got: unknown[] = [];
    bridge.on('mcp.serversChanged', (payload) => got.push(payload));
    const other: unknown[] = [];
    // Subscribed in the same task as the first: it misses nothing either.
    bridge.on('conversation.updated', (payload) => other.push(payload));
    await expect.poll(() => got).toEqual([1, 2]);
    expect(other).toEqual([]);
  });
});
