import { serializeFrame } from './serializeFrame';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { resolve } from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { AppError, AppErrorCode } from '../../shared/errors';
import { hostText, type HostText } from '../../shared/text/hostText';
import { fail } from '../../shared/ipc/envelope';
import { bufferPool } from '../platform/BufferPool';
import { JsonReply } from '../../shared/ipc/JsonReply';
import {
  EAGER_BOOTSTRAP_ID,
  EAGER_BOOTSTRAP_PARAM,
  MAX_REQUEST_BYTES,
  WS_PATH,
  resultFrameJson,
  type InvokeFrame,
  type ServerFrame,
} from '../../shared/ipc/wsProtocol';
import type { Dispatch } from '../ipc/createDispatcher';
import type { Logger } from '../platform/Logger';
import type { HostEvents } from '../services/base/HostEvents';
import {
  TOKEN_COOKIE,
  isAllowedHost,
  isAllowedOrigin,
  parseRequestUrl,
  requestToken,
  tokensEqual,
} from './requestGuards';
import { listenOnLoopback } from './listenOnLoopback';
import { serveStatic } from './serveStatic';
import { webShellHeaders } from './webShellHeaders';
import { WriteCoalescer } from './WriteCoalescer';

export interface WebShellOptions {
  dispatch: Dispatch;
  events: HostEvents;
  /** Directory of the built renderer. */
  rendererDir: string;
  log: Logger;
  /** 0 = any free port. */
  port?: number;
  /** Fixed token for tests; random per launch otherwise. */
  token?: string;
  /** Origins the renderer may frame (the App sandbox origin). */
  frameSources?: readonly string[];
}

/** Socket frames above this are dropped by `ws` itself (connection closed with 1009). */
const MAX_FRAME_BYTES = 8 * MAX_REQUEST_BYTES;

/**
 * The web shell: serves the built renderer and carries the IPC contract over a WebSocket,
 * on 127.0.0.1 only, behind a per-launch token and Host/Origin checks.
 */
export class WebShell {
  readonly token: string;
  private readonly server: Server;
  private readonly wss: WebSocketServer;
  private readonly rendererDir: string;
  private unsubscribe: (() => void) | undefined;
  private port = 0;
  private readonly coalescer = new WriteCoalescer();

  constructor(private readonly options: WebShellOptions) {
    this.token = options.token ?? randomBytes(32).toString('base64url');
    this.rendererDir = resolve(options.rendererDir);
    this.server = createServer((req, res) => {
      this.handleHttp(req, res).catch((error: unknown) => {
        // Whatever a request made us throw, it is refused and the shell keeps serving.
        options.log.warn('http request refused after an error', { error });
        if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end();
      });
    });
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
    this.server.on('upgrade', (req, socket, head) => {
      // Node hands over the raw socket without an error listener: a reset would crash us.
      socket.on('error', (error) => options.log.debug('upgrade socket error', { error }));
      try {
        this.handleUpgrade(req, socket, head);
      } catch (error) {
        options.log.warn('socket upgrade refused after an error', { error });
        refuseUpgrade(socket, 400, 'Bad Request');
      }
    });
  }

  async start(): Promise<string> {
    this.port = await listenOnLoopback(this.server, this.options.port);
    this.unsubscribe = this.options.events.subscribe((name, payload) => {
      const frame = serializeFrame({ kind: 'event', name, payload } satisfies ServerFrame);
      sendSerialized(this.wss.clients, frame);
    });
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/?token=${this.token}`;
  }

  /** The pages this shell serves, at both names of this computer. */
  get origins(): string[] {
    return [`http://127.0.0.1:${this.port}`, `http://localhost:${this.port}`];
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.coalescer.flush();
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private async handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isAllowedHost(req.headers.host, this.port)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Host not allowed.\n');
      return;
    }
    const url = parseRequestUrl(req.url, req.headers.host ?? '');
    if (!url) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad request target.\n');
      return;
    }
    if (!tokensEqual(requestToken(req, url), this.token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Missing or wrong token. Open the URL that `npm run web` printed.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const headers = {
      ...webShellHeaders(this.port, this.options.frameSources),
      // The cookie lets assets and reloads through without the token in every URL.
      'Set-Cookie': `${TOKEN_COOKIE}=${this.token}; HttpOnly; SameSite=Strict; Path=/`,
    };
    if (await serveStatic(this.rendererDir, url.pathname, res, headers)) return;
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found.\n');
  }

  private handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refuse = (status: number, text: string): void => {
      // A window that cannot get back in says why here (never the token or the query).
      this.options.log.warn('socket upgrade refused', {
        status,
        origin: req.headers.origin?.slice(0, 200),
      });
      refuseUpgrade(socket, status, text);
    };
    const host = req.headers.host;
    if (!isAllowedHost(host, this.port)) return refuse(403, 'Forbidden');
    const url = parseRequestUrl(req.url, host ?? '');
    if (!url) return refuse(400, 'Bad Request');
    if (url.pathname !== WS_PATH) return refuse(404, 'Not Found');
    if (!isAllowedOrigin(req.headers.origin, host, this.port)) return refuse(403, 'Forbidden');
    if (!tokensEqual(requestToken(req, url), this.token)) return refuse(401, 'Unauthorized');
    const eager = url.searchParams.get(EAGER_BOOTSTRAP_PARAM) === '1';
    this.wss.handleUpgrade(req, socket, head, (ws) => this.attach(ws, socket, eager));
  }

  /** `raw`: the TCP socket under `ws`, whose writes are held while a request is handled. */
  private attach(ws: WebSocket, raw: Duplex, eagerBootstrap: boolean): void {
    const failed = (error: unknown) => this.options.log.error('socket message failed', { error });
    ws.on('error', (error) => this.options.log.warn('socket error', { error }));
    const opened = performance.now();
    // Who closed it and how: a window's lost connection is otherwise a mystery afterwards.
    ws.on('close', (code, reason) => {
      this.options.log.info('socket closed', {
        code,
        reason: reason.toString('utf8').slice(0, 200),
        openMs: Math.round(performance.now() - opened),
      });
    });
    ws.on('message', (data, isBinary) => {
      // What handling the request sends this window at once (its events, often its result)
      // leaves in one write.
      this.coalescer.hold(raw);
      this.onMessage(ws, raw, data, isBinary).catch(failed);
    });
    if (eagerBootstrap) {
      const frame: InvokeFrame = {
        kind: 'invoke',
        id: EAGER_BOOTSTRAP_ID,
        name: 'app.bootstrap',
        input: {},
      };
      this.answer(ws, raw, frame).catch(failed);
    }
  }

  private async onMessage(
    ws: WebSocket,
    raw: Duplex,
    data: RawData,
    isBinary: boolean,
  ): Promise<void> {
    const bytes = Array.isArray(data)
      ? data.reduce((n, b) => n + b.length, 0)
      : data instanceof ArrayBuffer
        ? data.byteLength
        : data.length;
    const invalid = (id: number | null, message: HostText): void =>
      sendFrame(ws, {
        kind: 'result',
        id,
        result: fail(new AppError(AppErrorCode.Validation, message)),
      });
    if (isBinary) return invalid(null, hostText('protocol.binaryFrame'));
    if (bytes > MAX_REQUEST_BYTES) {
      return invalid(null, hostText('protocol.tooLarge', { bytes, limit: MAX_REQUEST_BYTES }));
    }
    let frame: unknown;
    try {
      frame = JSON.parse(rawToString(data));
    } catch {
      return invalid(null, hostText('protocol.notJson'));
    }
    const id = readId(frame);
    if (!isInvokeFrame(frame)) return invalid(id, hostText('protocol.badFrame'));
    await this.answer(ws, raw, frame);
  }

  /** Runs one request and sends its result frame. */
  private async answer(ws: WebSocket, raw: Duplex, frame: InvokeFrame): Promise<void> {
    // The dispatcher answers every request; a throw here would leave the caller waiting.
    const result = await this.options
      .dispatch(frame.name, frame.input)
      .catch((error: unknown) => fail(error));
    if (result.ok && result.value instanceof JsonReply) {
      // Built as JSON already: spliced into the frame as it is, not parsed and written again.
      if (ws.readyState === ws.OPEN) ws.send(resultFrameJson(frame.id, result.value));
    } else {
      sendFrame(ws, { kind: 'result', id: frame.id, result });
    }
    // The answer and what came before it leave now, not after other requests' work.
    this.coalescer.release(raw);
  }
}

function sendFrame(ws: WebSocket, frame: ServerFrame): void {
  sendSerialized([ws], serializeFrame(frame));
}

/** Every frame is text, also when it is written as a buffer (see serializeFrame). */
const TEXT = { binary: false } as const;

/**
 * Sends a serialized frame to each open socket of `to`. A buffer is borrowed (see
 * serializeFrame) and goes back to the pool once every socket has written it or failed.
 */
function sendSerialized(to: Iterable<WebSocket>, frame: string | Buffer): void {
  if (typeof frame === 'string') {
    for (const ws of to) if (ws.readyState === ws.OPEN) ws.send(frame);
    return;
  }
  const open = [...to].filter((ws) => ws.readyState === ws.OPEN);
  let writing = open.length;
  const written = (): void => {
    if (--writing <= 0) bufferPool.giveBack(frame);
  };
  if (writing === 0) bufferPool.giveBack(frame);
  for (const ws of open) ws.send(frame, TEXT, written);
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function readId(frame: unknown): number | null {
  if (typeof frame !== 'object' || frame === null) return null;
  const id = (frame as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

function isInvokeFrame(frame: unknown): frame is InvokeFrame {
  if (typeof frame !== 'object' || frame === null) return false;
  const f = frame as Partial<InvokeFrame>;
  return f.kind === 'invoke' && readId(frame) !== null && typeof f.name === 'string';
}
