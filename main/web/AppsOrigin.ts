import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../platform/Logger';
import type { SandboxResponse } from '../services/apps/SandboxPages';
import { originLabelOfHost, webAppFrameSource, webAppOrigin } from '../services/apps/appOrigin';
import { listenOnLoopback } from './listenOnLoopback';
import { parseRequestUrl } from './requestGuards';

export interface AppsOriginOptions {
  /** A frame origin's content (the host core's sandbox pages), by origin label and path. */
  respond: (originLabel: string, pathname: string) => Promise<SandboxResponse>;
  log: Logger;
  /** 0 = any free port. */
  port?: number;
}

/**
 * The web shell's App origins: a second port on 127.0.0.1 whose every App has a host of its
 * own, `<label>.localhost:<port>` (browsers resolve `*.localhost` to loopback and treat each
 * name as a separate origin). Apps run there, never on the shell's port, so they can reach
 * neither the renderer's DOM nor its socket, nor each other. The Host header must be such a
 * name on this port (DNS rebinding is refused). The shell's token is not used here: its cookie
 * is the shell host's alone and never reaches these names, and putting it in the URL would
 * hand it to the App; a frame's page is served only to the 128-bit frame id in its path, on its
 * App's host.
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

  /** The port's loopback origins: never allowed to an App as a declared source. */
  get origins(): string[] {
    return [`http://127.0.0.1:${this.port}`, `http://localhost:${this.port}`];
  }

  /** What the renderer may frame: any App host of this port. */
  get frameSource(): string {
    return webAppFrameSource(this.port);
  }

  /** The origin of the frame with this label. */
  originOf(label: string): string {
    return webAppOrigin(label, this.port);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const plain = { 'Content-Type': 'text/plain; charset=utf-8' };
    const label = originLabelOfHost(req.headers.host, this.port);
    if (!label) {
      res.writeHead(403, plain);
      res.end('Host not allowed.\n');
      return;
    }
    const url = parseRequestUrl(req.url, `${label}.localhost`);
    if (!url) {
      res.writeHead(400, plain);
      res.end('Bad request target.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const response = await this.options.respond(label, url.pathname);
    res.writeHead(response.status, response.headers);
    res.end(req.method === 'HEAD' ? undefined : response.body);
  }
}
