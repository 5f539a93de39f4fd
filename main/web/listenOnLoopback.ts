import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on 127.0.0.1 (never another interface) and resolves with the port it got. */
export async function listenOnLoopback(server: Server, port = 0): Promise<number> {
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      done();
    });
  });
  return (server.address() as AddressInfo).port;
}
