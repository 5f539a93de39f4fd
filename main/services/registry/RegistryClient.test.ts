import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RegistryClient } from './RegistryClient';

const MiB = 1024 * 1024;
let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/**
 * A registry that answers every request with `bytes` of body, written only as fast as the
 * reader takes them; resolves with how many bytes had gone out when the connection closed.
 */
async function hugeReply(
  bytes: number,
  declareLength: boolean,
): Promise<{ url: string; sent: Promise<number> }> {
  let report: (sent: number) => void = () => {};
  const sent = new Promise<number>((resolve) => (report = resolve));
  server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declareLength ? { 'content-length': String(bytes) } : {}),
    });
    const chunk = Buffer.alloc(MiB, 0x20);
    let written = 0;
    res.on('close', () => report(written));
    const pump = () => {
      while (written < bytes && !res.destroyed) {
        const part = chunk.subarray(0, Math.min(MiB, bytes - written));
        written += part.length;
        if (!res.write(part)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, sent };
}

describe('RegistryClient: replies are read with a streaming cap', () => {
  it('stops reading a 400 MB reply once it passes the cap, without buffering it', async () => {
    const { url, sent } = await hugeReply(400 * MiB, false);
    const client = new RegistryClient({ baseUrl: url, timeoutMs: 60_000 });
    const before = process.memoryUsage();
    await expect(client.search('')).rejects.toThrow(/larger than 8 MiB/);
    const after = process.memoryUsage();
    // What left the server before the client hung up: the cap and what sockets buffer.
    expect(await sent).toBeLessThan(48 * MiB);
    expect(
      after.arrayBuffers + after.heapUsed - (before.arrayBuffers + before.heapUsed),
    ).toBeLessThan(100 * MiB);
  }, 60_000);

  it('refuses a declared length over the cap before reading the body', async () => {
    const { url, sent } = await hugeReply(400 * MiB, true);
    const client = new RegistryClient({ baseUrl: url, timeoutMs: 60_000 });
    await expect(client.version('a/b', '1.0.0')).rejects.toThrow(/larger than 8 MiB/);
    expect(await sent).toBeLessThan(48 * MiB);
  }, 60_000);
});
