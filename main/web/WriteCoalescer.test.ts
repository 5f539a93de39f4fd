import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteCoalescer } from './WriteCoalescer';

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  if (server) await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A real loopback connection: the writing end, and what the other end has received. */
async function connection(): Promise<{ writer: Socket; received: () => string }> {
  let text = '';
  server = createServer((peer) => {
    sockets.push(peer);
    peer.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const writer = connect(address.port, '127.0.0.1');
  sockets.push(writer);
  await once(writer, 'connect');
  return { writer, received: () => text };
}

describe('WriteCoalescer', () => {
  it('holds what is written in this turn of the loop and writes it all after', async () => {
    const { writer, received } = await connection();
    const coalescer = new WriteCoalescer();
    coalescer.hold(writer);
    writer.write('one ');
    writer.write('two ');
    writer.write('three');
    // Nothing has gone to the kernel yet: all of it waits in the stream, as one batch.
    expect(writer.writableLength).toBe('one two three'.length);
    expect(coalescer.holding).toBe(1);
    await nextLoopTurn();
    expect(writer.writableLength).toBe(0);
    expect(coalescer.holding).toBe(0);
    await expect.poll(received).toBe('one two three');
  });

  it('corks a socket once however often it is held in a turn, and leaves its own corks alone', async () => {
    const { writer } = await connection();
    const coalescer = new WriteCoalescer();
    coalescer.hold(writer);
    coalescer.hold(writer);
    expect(writer.writableCorked).toBe(1);
    // A writer that corks around its own writes (as `ws` does per frame) stays held by ours.
    writer.cork();
    writer.write('frame');
    writer.uncork();
    expect(writer.writableLength).toBe('frame'.length);
    coalescer.flush();
    expect(writer.writableCorked).toBe(0);
    expect(writer.writableLength).toBe(0);
  });

  it('writes what one socket holds when it is released, and holds the others on', async () => {
    const first = await connection();
    const coalescer = new WriteCoalescer();
    coalescer.hold(first.writer);
    first.writer.write('answered');
    coalescer.release(first.writer);
    expect(first.writer.writableLength).toBe(0);
    expect(first.writer.writableCorked).toBe(0);
    expect(coalescer.holding).toBe(0);
    await expect.poll(first.received).toBe('answered');
    // Released once is released: a second release does not undo a cork that is not ours.
    first.writer.cork();
    coalescer.release(first.writer);
    expect(first.writer.writableCorked).toBe(1);
    first.writer.uncork();
  });

  it('writes at once when flushed, and leaves a socket that is gone alone', async () => {
    const { writer, received } = await connection();
    const coalescer = new WriteCoalescer();
    coalescer.hold(writer);
    writer.write('now');
    coalescer.flush();
    await expect.poll(received).toBe('now');

    writer.destroy();
    coalescer.hold(writer);
    expect(coalescer.holding).toBe(0);
    expect(() => coalescer.flush()).not.toThrow();
  });
});
