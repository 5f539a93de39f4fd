import { parseRememberingSources } from '../../../platform/RawStringSources';
import {
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import type { Readable } from 'node:stream';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { LineReader, type DroppedLine } from '../launch/LineReader';
import { rememberWireText } from './wireText';
import { DroppedAnswer, droppedAnswerText, droppedResponseId } from './droppedResponseId';
import type { PidLedger } from '../launch/PidLedger';
import type { ProcessWrapper } from '../../sandbox/ProcessWrapper';
import { settleWithin } from '../launch/settleWithin';
import { StderrRing, type StderrRingOptions } from '../launch/StderrRing';
import {
  spawnServerProcess,
  type ProcessExit,
  type ServerProcess,
} from '../launch/spawnServerProcess';
import { formatHostText, hostText } from '../../../../shared/text/hostText';

/** JSON-RPC's internal error code: the answer existed but could not be delivered. */
const INTERNAL_ERROR = -32603;

/**
 * Default cap on one incoming JSON-RPC message: tool results up to 256 MiB are legitimate. The
 * line is kept as Buffers and decoded once, so reading it costs about three times its size (its
 * bytes, their join, the string) before the parsed value; V8's string limit (~512 MiB) is well
 * above it.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

/** A stdout line that was not a JSON-RPC message. */
export interface NonJsonLine {
  /** The line, cut to 1000 characters. */
  line: string;
  reason: 'not-json' | 'not-jsonrpc';
  /** Such lines seen so far on this process, this one included. */
  count: number;
}

/** Options of a {@link StdioProcessTransport}. */
export interface StdioProcessTransportOptions {
  /** As configured: a bare name searched in `env.PATH`, or a path relative to `cwd`. */
  command: string;
  args: readonly string[];
  /** The complete environment of the server (see `buildServerEnv`). */
  env: Readonly<Record<string, string>>;
  cwd?: string | undefined;
  serverName: string;
  /** Largest accepted incoming message in bytes. Default {@link DEFAULT_MAX_MESSAGE_BYTES}. */
  maxMessageBytes?: number;
  /** Grace per step of the tree kill on close. Default 2000 ms. */
  killGraceMs?: number;
  stderrRing?: StderrRingOptions;
  /** Receives stderr lines and lifecycle notes, with timestamps. Owned by the caller. */
  logFile?: LineSink | undefined;
  ledger?: PidLedger | undefined;
  /** Starts the server through another program (the sandbox); see spawnServerProcess. */
  wrap?: ProcessWrapper | undefined;
  /** Each complete stderr line (e.g. to show "installing…" while a package downloads). */
  onStderrLine?: (line: string) => void;
  /** Each stdout line that is not JSON-RPC; such lines are skipped, never fatal. */
  onNonJsonLine?: (event: NonJsonLine) => void;
}

type State = 'new' | 'starting' | 'open' | 'closing' | 'closed';

/** Lines from this long (characters) are parsed remembering their large strings' sources. */
const REMEMBER_SOURCES_FROM = 512 * 1024;

/**
 * The MCP client transport for stdio servers, built on the launch layer instead of the SDK's
 * own stdio transport: the command is resolved with a clear error, the environment is exactly
 * what the caller built, the server runs in its own process group and `close()` ends the whole
 * tree. Newline-delimited JSON-RPC with a deliberate size cap (256 MiB by default, not the SDK's
 * 10 MB; a message over it fails the call it answered and the server keeps running), stdout
 * noise counted and reported rather than silently dropped, stderr kept as a bounded tail,
 * written to the server's log file and forwarded line by line.
 *
 * `pid` and `stderr` are public because the SDK recognises stdio transports by those two keys.
 */
export class StdioProcessTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;

  private state: State = 'new';
  private proc: ServerProcess | undefined;
  private readonly ring: StderrRing;
  private readonly reader: LineReader;
  private nonJsonLines = 0;
  private closed: Promise<void> | undefined;
  private hostEnded = false;
  private closeReported = false;
  private spawning: Promise<ServerProcess> | undefined;
  /** Ids of the requests sent and not answered yet: what an oversized message may have answered. */
  private readonly waiting = new Set<string | number>();

  constructor(private readonly options: StdioProcessTransportOptions) {
    this.ring = new StderrRing(options.stderrRing);
    this.reader = new LineReader(options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  }

  /** PID of the server's main process, once started. */
  get pid(): number | null {
    return this.proc?.pid ?? null;
  }

  /** The raw stderr stream (already consumed here; use {@link stderrTail} or `onStderrLine`). */
  get stderr(): Readable | null {
    return this.proc?.stderr ?? null;
  }

  /** The process handle, once started. */
  get process(): ServerProcess | undefined {
    return this.proc;
  }

  /** Resolves when the main process exits; undefined before start. */
  get exited(): Promise<ProcessExit> | undefined {
    return this.proc?.exited;
  }

  /** How the main process exited, once it did. */
  get exitInfo(): ProcessExit | undefined {
    return this.proc?.exitInfo;
  }

  /**
   * True when the host ended the process (close() while it still ran: a startup timeout, a
   * stop): its exit code then says how it took being stopped, not why it failed.
   */
  get endedByHost(): boolean {
    return this.hostEnded;
  }

  /** The last stderr lines, oldest first. */
  get stderrTail(): string[] {
    return this.ring.tail();
  }

  /** Stdout lines skipped because they were not JSON-RPC. */
  get nonJsonLineCount(): number {
    return this.nonJsonLines;
  }

  /**
   * Spawns the server. Called by the SDK's `connect()`.
   * @throws AppError(McpSpawnFailed) when it cannot be started.
   */
  async start(): Promise<void> {
    if (this.state !== 'new') {
      throw new AppError(AppErrorCode.Internal, 'StdioProcessTransport can only start once.');
    }
    this.state = 'starting';
    const { options } = this;
    this.spawning = spawnServerProcess({
      command: options.command,
      args: options.args,
      env: options.env,
      cwd: options.cwd,
      serverName: options.serverName,
      ledger: options.ledger,
      wrap: options.wrap,
    });
    try {
      this.proc = await this.spawning;
    } catch (error) {
      this.state = 'closed';
      this.log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    const proc = this.proc;
    this.log(`started pid ${proc.pid}: ${proc.resolvedCommand}`);
    proc.stdout.on('data', (chunk: Buffer) => this.onStdout(chunk));
    proc.stderr.on('data', (chunk: Buffer) => this.onStderrLines(this.ring.push(chunk)));
    proc.stderr.on('end', () => this.onStderrLines(this.ring.end()));
    void proc.exited.then((exit) => this.onExit(exit));
    // close() may have been called while spawning (read through a call: TypeScript keeps the
    // narrowing from before the await).
    if (this.currentState() === 'starting') this.state = 'open';
  }

  /** Writes one message as a line on the server's stdin; resolves once it is handed to the OS. */
  send(message: JSONRPCMessage): Promise<void> {
    const proc = this.proc;
    if (this.state !== 'open' || !proc || proc.exitInfo || !proc.stdin.writable) {
      return Promise.reject(
        new AppError(
          AppErrorCode.McpClosed,
          hostText('mcp.notRunning', { name: this.options.serverName }),
        ),
      );
    }
    this.noteSent(message);
    const line = serializeMessage(message);
    rememberWireText(message, line);
    return new Promise((resolve, reject) => {
      proc.stdin.write(line, (error) => {
        if (error) reject(error);
        else resolve();
      });
    });
  }

  /** Ends the server's whole process tree, then reports the close. Never rejects. */
  close(): Promise<void> {
    this.closed ??= this.runClose();
    return this.closed;
  }

  private async runClose(): Promise<void> {
    if (this.state === 'starting') {
      // Let the spawn settle so a process that is about to exist gets killed too.
      this.state = 'closing';
      await this.spawning?.catch(() => undefined);
    }
    this.hostEnded = this.proc !== undefined && this.proc.exitInfo === undefined;
    if (this.state !== 'closed') this.state = 'closing';
    if (this.proc) await this.proc.killTree({ graceMs: this.options.killGraceMs ?? 2000 });
    this.finish();
  }

  private currentState(): State {
    return this.state;
  }

  private onStdout(chunk: Buffer): void {
    const { lines, dropped } = this.reader.push(chunk);
    for (const line of lines) this.onLine(line);
    for (const line of dropped) this.onDropped(line);
  }

  /** Keeps {@link waiting} up to date with the requests the SDK sends and gives up on. */
  private noteSent(message: JSONRPCMessage): void {
    if (!('method' in message)) return;
    if ('id' in message) {
      this.waiting.add(message.id);
    } else if (message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === 'string' || typeof id === 'number') this.waiting.delete(id);
    }
  }

  /**
   * A message over the cap was read to its end and dropped; the server keeps running. A
   * response is answered in its place with an error naming the limit, so its request fails at
   * once. Anything else (a notification, a request from the server, an id that cannot be seen)
   * may still have been the answer someone waits for: every waiting request fails the same way
   * rather than hang until its timeout.
   */
  private onDropped(line: DroppedLine): void {
    const limit = this.reader.maxLineBytes;
    const name = this.options.serverName;
    const id = droppedResponseId(line);
    if (id !== undefined) {
      this.log(
        `dropped a ${line.bytes}-byte answer to request ${id}: over the ${limit}-byte limit`,
      );
      this.answerDropped(id, new DroppedAnswer(name, limit, line.bytes, 'answer'));
      return;
    }
    const ids = [...this.waiting];
    this.log(
      `dropped a ${line.bytes}-byte message over the ${limit}-byte limit; failing ${ids.length} waiting request(s)`,
    );
    for (const waiting of ids) {
      this.answerDropped(waiting, new DroppedAnswer(name, limit, line.bytes, 'unknown'));
    }
  }

  /** Hands the SDK an error response to request `id` in place of a dropped message. */
  private answerDropped(id: string | number, data: DroppedAnswer): void {
    this.waiting.delete(id);
    const message: JSONRPCMessage = {
      jsonrpc: '2.0',
      id,
      error: { code: INTERNAL_ERROR, message: formatHostText(droppedAnswerText(data)), data },
    };
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.emitError(error);
    }
  }

  private onLine(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      // A long line's large strings keep their source text, for the web shell to send on.
      value =
        line.length >= REMEMBER_SOURCES_FROM ? parseRememberingSources(line) : JSON.parse(line);
    } catch {
      this.reportNonJson(line, 'not-json');
      return;
    }
    // Only the framing is checked here: the SDK validates every message it routes (and every
    // result against its schema), so validating it here as well parsed each message twice.
    if (!isJsonRpcMessage(value)) {
      this.reportNonJson(line, 'not-jsonrpc');
      return;
    }
    const message = value;
    rememberWireText(message, line);
    if (!('method' in message)) this.waiting.delete(message.id as string | number);
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.emitError(error);
    }
  }

  private reportNonJson(line: string, reason: NonJsonLine['reason']): void {
    this.nonJsonLines++;
    const cut = line.length > 1000 ? `${line.slice(0, 1000)}…` : line;
    this.log(`stdout (${reason}): ${cut}`);
    const callback = this.options.onNonJsonLine;
    if (!callback) return;
    try {
      callback({ line: cut, reason, count: this.nonJsonLines });
    } catch {
      // A listener's failure must not break the stream.
    }
  }

  private onStderrLines(lines: string[]): void {
    const callback = this.options.onStderrLine;
    for (const line of lines) {
      this.options.logFile?.appendLine(`${new Date().toISOString()} ${line}`);
      if (!callback) continue;
      try {
        callback(line);
      } catch {
        // A listener's failure must not break the stream.
      }
    }
  }

  private async onExit(exit: ProcessExit): Promise<void> {
    const proc = this.proc;
    if (proc) {
      // Let the last messages and stderr lines drain; a grandchild holding the pipes open
      // must not delay the close for long.
      const drained = [proc.stdout, proc.stderr].map((stream) =>
        stream.readableEnded || stream.destroyed
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              stream.once('end', resolve);
              stream.once('close', resolve);
            }),
      );
      await settleWithin(Promise.all(drained), 250);
    }
    this.log(`exited: code ${exit.code ?? 'none'}, signal ${exit.signal ?? 'none'}`);
    if (this.state === 'closing') return; // close() reports once the tree is gone.
    this.finish();
  }

  private finish(): void {
    this.state = 'closed';
    if (this.closeReported) return;
    this.closeReported = true;
    try {
      this.onclose?.();
    } catch (error) {
      this.emitError(error);
    }
  }

  private emitError(error: unknown): void {
    try {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // Never throw from a stream listener.
    }
  }

  private log(note: string): void {
    this.options.logFile?.appendLine(`${new Date().toISOString()} [switchboard] ${note}`);
  }
}

/** Where the transport writes its lines (a server's log file, or one that redacts first). */
export interface LineSink {
  appendLine(line: string): void;
}

/** A JSON-RPC 2.0 request, notification or response, by its shape. */
function isJsonRpcMessage(value: unknown): value is JSONRPCMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const message = value as { jsonrpc?: unknown; method?: unknown; id?: unknown };
  if (message.jsonrpc !== '2.0') return false;
  const id = message.id;
  const hasId = typeof id === 'string' || typeof id === 'number';
  return typeof message.method === 'string' || hasId || (id === null && 'error' in message);
}
