import { WebSocket } from 'ws';
import { AppError, AppErrorCode } from '../../shared/errors';
import { fail, type Envelope } from '../../shared/ipc/envelope';
import { WS_PATH, type ServerFrame } from '../../shared/ipc/wsProtocol';

/**
 * A client of the web shell's socket as the renderer's bridge is one: invoke frames out, every
 * frame in parsed as JSON (events too, as a window parses them), results matched by id.
 */
export class ShellSocket {
  private nextId = 1;
  private readonly waiting = new Map<number, (envelope: Envelope<unknown>) => void>();
  /** Events seen, by name: a window would fold each of them. */
  readonly events = new Map<string, number>();
  private readonly listeners = new Set<(name: string, payload: unknown) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as ServerFrame;
      if (frame.kind === 'event') {
        this.events.set(frame.name, (this.events.get(frame.name) ?? 0) + 1);
        for (const listener of this.listeners) listener(frame.name, frame.payload);
        return;
      }
      if (frame.id === null) return;
      const resolve = this.waiting.get(frame.id);
      this.waiting.delete(frame.id);
      resolve?.(frame.result);
    });
    ws.on('close', () => {
      for (const resolve of this.waiting.values()) {
        resolve(fail(new AppError(AppErrorCode.Cancelled, 'socket closed')));
      }
      this.waiting.clear();
    });
  }

  /** Connects to the shell printed as `url` (`http://127.0.0.1:PORT/?token=…`). */
  static async connect(url: string): Promise<ShellSocket> {
    const page = new URL(url);
    const socketUrl = `ws://${page.host}${WS_PATH}?token=${page.searchParams.get('token') ?? ''}`;
    // The shell accepts a socket only from the page it served: the same Origin a browser sends.
    const ws = new WebSocket(socketUrl, {
      origin: `http://${page.host}`,
      perMessageDeflate: false,
      // A browser's socket takes a frame of any size (a 256 MiB tool result); `ws` caps at 100 MiB.
      maxPayload: 0,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new ShellSocket(ws);
  }

  /** Calls `listener` with every event frame from now on, until the returned function is called. */
  onEvent(listener: (name: string, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends one request and resolves with its envelope. */
  invoke(name: string, input: unknown): Promise<Envelope<unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ kind: 'invoke', id, name, input }));
    });
  }

  /** Like {@link invoke}, rejecting unless the request succeeded. */
  async value(name: string, input: unknown): Promise<unknown> {
    const envelope = await this.invoke(name, input);
    if (!envelope.ok) throw new Error(`${name} failed: ${JSON.stringify(envelope.error)}`);
    return envelope.value;
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}
