import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveStatic } from '../../../main/web/serveStatic';

/** A loopback HTTP server of one folder, through the web shell's own static file handler. */
export async function serveFolder(
  root: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    void serveStatic(root, pathname === '/' ? '/index.html' : pathname, res, {}).then((found) => {
      if (!found) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
