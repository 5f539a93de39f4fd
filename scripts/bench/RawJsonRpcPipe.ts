import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import type { ProcessJanitor } from '../../main/services/mcp/launch/testing/ProcessJanitor';

/** A response line: when its newline arrived, its size, and the parsed message. */
export interface RawResponse {
  /** `performance.now()` when the line's newline was read. */
  arrivedAt: number;
  bytes: number;
  message: { id?: unknown; result?: unknown; error?: unknown };
}

/**
 * The floor for moving a message through a pipe: newline-delimited JSON-RPC lines written on a
 * server's stdin and the answer read off its stdout as bytes, with no SDK, validation or
 * bookkeeping. Lines are only joined at the newline; parsing (to check the answer) happens
 * after the arrival time is taken.
 */
export class RawJsonRpcPipe {
  private parts: Buffer[] = [];
  private waiting:
    { resolve: (response: RawResponse) => void; reject: (error: Error) => void } | undefined;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    child.stderr.on('data', () => undefined);
    // A server that dies mid-request would otherwise leave the benchmark waiting forever.
    child.once('exit', (code, signal) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.reject(new Error(`raw server exited (code ${code}, signal ${signal})`));
    });
  }

  /** Spawns `node script` with plain pipes. */
  static async spawn(script: string, janitor: ProcessJanitor): Promise<RawJsonRpcPipe> {
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'pipe'] });
    await once(child, 'spawn');
    janitor.trackPid(child.pid);
    const pipe = new RawJsonRpcPipe(child);
    janitor.onCleanup(() => pipe.close());
    return pipe;
  }

  /** Writes one request and resolves with the next response line. */
  request(
    id: number,
    method: string,
    params: unknown,
  ): { sentAt: number; response: Promise<RawResponse> } {
    return this.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  }

  /** Writes one request line exactly as given and resolves with the next response line. */
  send(line: string): { sentAt: number; response: Promise<RawResponse> } {
    if (this.waiting) throw new Error('RawJsonRpcPipe: one request at a time');
    const response = new Promise<RawResponse>((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
    const sentAt = performance.now();
    this.child.stdin.write(`${line}\n`);
    return { sentAt, response };
  }

  /** Writes one notification line exactly as given. */
  sendNotification(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** Writes one notification. */
  notify(method: string, params?: unknown): void {
    const message =
      params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** Ends stdin and waits for the exit; SIGKILL if the server lingers. Idempotent. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }

  private onData(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline < 0) break;
      const arrivedAt = performance.now();
      this.parts.push(chunk.subarray(start, newline));
      const line =
        this.parts.length === 1 ? (this.parts[0] ?? Buffer.alloc(0)) : Buffer.concat(this.parts);
      this.parts = [];
      start = newline + 1;
      this.onLine(line, arrivedAt);
    }
    if (start < chunk.length) this.parts.push(chunk.subarray(start));
  }

  private onLine(line: Buffer, arrivedAt: number): void {
    const message = JSON.parse(line.toString('utf8')) as RawResponse['message'] & {
      method?: unknown;
    };
    // Notifications (logging, progress) are not the answer being waited for.
    if (message.method !== undefined || message.id === undefined) return;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve({ arrivedAt, bytes: line.length, message });
  }
}
