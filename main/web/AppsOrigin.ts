import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../platform/Logger';
import type { SandboxResponse } from '../services/apps/SandboxPages';
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
 * The web shell's second loopback origin: its own port on 127.0.0.1, serving only the App
 * sandbox proxy pages. Apps run inside these pages on an origin that is not the renderer's, so
 * they can reach neither its DOM nor its socket. The same Host check and token as the shell
 * (the browser sends the shell's cookie here too: cookies ignore ports).
 */
export class AppsOrigin {
  private readonly server: Server;
  private port = 0;

  constructor(private readonly options: AppsOriginOptions) {
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
    if (!tokensEqual(requestToken(req, url), this.options.token)) {
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
