import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveStatic } from '../../../main/web/serveStatic';
import { webShellHeaders } from '../../../main/web/webShellHeaders';

/**
 * A loopback HTTP server of one folder, through the web shell's own static file handler. With
 * `shellHeaders`, every response carries the web shell's security headers too (its own
 * browsing context group among them, which costs the browser a process switch on navigation),
 * so a page served here is served the same way as the shell's.
 */
export async function serveFolder(
  root: string,
  options: { shellHeaders?: boolean } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  let port = 0;
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const headers = options.shellHeaders ? webShellHeaders(port) : {};
    void serveStatic(root, pathname === '/' ? '/index.html' : pathname, res, headers).then(
      (found) => {
        if (!found) res.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
