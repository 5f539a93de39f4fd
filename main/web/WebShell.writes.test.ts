import { mkdtemp } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { ok } from '../../shared/ipc/envelope';
import type { ServerFrame } from '../../shared/ipc/wsProtocol';
import { createLogger } from '../platform/Logger';
import { HostEvents } from '../services/base/HostEvents';
import { WebShell } from './WebShell';

const events = new HostEvents();
let shell: WebShell;
let origin: string;
let port: number;

beforeAll(async () => {
  shell = new WebShell({
    // Like `conversation.send`: the request's work emits events, then it answers.
    dispatch: async (_name, input) => {
      events.emit('settings.changed', { theme: 'dark' } as never);
      await Promise.resolve();
      events.emit('settings.changed', { theme: 'light' } as never);
      await Promise.resolve();
      events.emit('settings.changed', { theme: 'system' } as never);
      return ok({ echo: input });
    },
    events,
    rendererDir: await mkdtemp(join(tmpdir(), 'sb-writes-')),
    log: createLogger({ consoleLevel: 'silent' }),
  });
  const url = new URL(await shell.start());
  origin = url.origin;
  port = Number(url.port);
});

afterAll(() => shell.stop());

/**
 * Counts the writes the shell's side of its sockets hands to the kernel: `net.Socket` writes
 * one buffered batch with `_writev` (several chunks) or `_write` (one).
 */
function countShellWrites(): { count: () => number; restore: () => void } {
  let count = 0;
  const proto = Socket.prototype as unknown as Record<'_write' | '_writev', () => unknown>;
  const spies = (['_write', '_writev'] as const).map((method) => {
    const original = proto[method];
    return vi.spyOn(proto, method).mockImplementation(function (this: Socket, ...args: never[]) {
      if (this.localPort === port) count++;
      return Reflect.apply(original, this, args) as unknown;
    });
  });
  return { count: () => count, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

async function open(): Promise<{ ws: WebSocket; frames: ServerFrame[] }> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ipc?token=${shell.token}`, { origin });
  const frames: ServerFrame[] = [];
  ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as ServerFrame));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, frames };
}

describe('WebShell socket writes', () => {
  it('sends what one request produces at once (its events and its result) in one write', async () => {
    const { ws, frames } = await open();
    const writes = countShellWrites();
    try {
      ws.send(JSON.stringify({ kind: 'invoke', id: 7, name: 'app.ping', input: 'hi' }));
      await expect.poll(() => frames.length).toBe(4);
      expect(writes.count()).toBe(1);
    } finally {
      writes.restore();
      ws.close();
    }
    // In the order they were sent.
    expect(frames.map((f) => (f.kind === 'event' ? f.payload : f.result))).toEqual([
      { theme: 'dark' },
      { theme: 'light' },
      { theme: 'system' },
      { ok: true, value: { echo: 'hi' } },
    ]);
  });

  it('writes an event that no request produced at once, not a turn later', async () => {
    const { ws, frames } = await open();
    const writes = countShellWrites();
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      // A streamed reply's text arrives from a provider, not from a window's request.
      events.emit('settings.changed', { theme: 'dark' } as never);
      expect(writes.count()).toBe(1);
      await expect.poll(() => frames.length).toBe(1);
    } finally {
      writes.restore();
      ws.close();
    }
  });
});
