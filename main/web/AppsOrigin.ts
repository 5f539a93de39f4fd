import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../platform/Logger';
import { SANDBOX_FRAME_PATH, type SandboxResponse } from '../services/apps/SandboxPages';
import { listenOnLoopback } from './listenOnLoopback';
import { isAllowedHost, requestToken, tokensEqual } from './requestGuards';

export interface AppsOriginOptions {
  /** The web shell's token: the sandbox origin is behind the same rule. */
  token: string;
  /** The sandbox origin's content (the host core's sandbox pages). */
  respond: (pathname: string) => Promise<SandboxResponse>;
  log: Logger;
  /** 0 = any free port. */
  port?: number;
}

/**
 * The web shell's second loopback origin: its own port, serving only the App sandbox proxy
 * pages. Apps run inside these pages on an origin that is not the renderer's, so they can reach
 * neither its DOM nor its socket. The page loads it under the other loopback name than its own
 * (`localhost` for a page on `127.0.0.1`, and back; see the renderer's `sandboxUrlFor`), which
 * makes it another *site*: the browser then runs the sandbox pages, and the Apps in them, in a
 * process of their own, off the page's main thread. The same Host check as the shell, and the
 * shell's token or a key derived from it: the shell's cookie does not go to another site, so
 * the frame and asset URLs carry the key (`?key=`), which opens this origin and nothing else.
 */
export class AppsOrigin {
  private readonly server: Server;
  private port = 0;
  /** HMAC of the token: the token cannot be had from it, and the shell does not accept it. */
  readonly key: string;

  constructor(private readonly options: AppsOriginOptions) {
    this.key = createHmac('sha256', options.token).update('apps-origin').digest('base64url');
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        options.log.error('sandbox origin failed', { error });
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  }

  async start(): Promise<void> {
    this.port = await listenOnLoopback(this.server, this.options.port);
  }

  /** Both spellings of the origin (the page may be opened at localhost or 127.0.0.1). */
  get origins(): string[] {
    return [`http://127.0.0.1:${this.port}`, `http://localhost:${this.port}`];
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What every URL of this origin carries: its key. */
  get query(): string {
    return `?key=${this.key}`;
  }

  /** A frame's proxy page (the renderer puts it under the loopback name its page is not at). */
  frameUrl(frameId: string): string {
    return `${this.url}${SANDBOX_FRAME_PATH}${frameId}${this.query}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const plain = { 'Content-Type': 'text/plain; charset=utf-8' };
    if (!isAllowedHost(req.headers.host, this.port)) {
      res.writeHead(403, plain);
      res.end('Host not allowed.\n');
      return;
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const key = url.searchParams.get('key');
    if (!tokensEqual(requestToken(req, url), this.options.token) && !tokensEqual(key, this.key)) {
      res.writeHead(401, plain);
      res.end('Missing or wrong token.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const response = await this.options.respond(url.pathname);
    res.writeHead(response.status, response.headers);
    res.end(req.method === 'HEAD' ? undefined : response.body);
  }
}
