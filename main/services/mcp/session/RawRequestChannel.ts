import {
  DispatchError,
  type DispatchOptions,
  type JsonRpcResponse,
} from '@modelcontextprotocol/ext-tasks/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';
import type { JSONRPCMessage } from './mcpTypes';
import type { TrafficTapTransport } from './TrafficTapTransport';

interface Pending {
  resolve: (response: JsonRpcResponse) => void;
  reject: (error: Error) => void;
  /** Re-arms the timeout (a progress report arrived for this request). */
  touch?: () => void;
}

/** A progress report routed to whoever asked for it with a token of ours. */
export interface RawProgress {
  progress: number;
  total?: number;
  message?: string;
}

const ID_PREFIX = 'sb-raw-';

/**
 * Requests sent past the SDK client on the session's own transport, with ids of their own
 * (`sb-raw-N`) whose responses the traffic tap hands back here instead of to the SDK.
 *
 * The 2026-07-28 Tasks extension needs this: the SDK's 2026 codec rejects `resultType: "task"`
 * and `tasks/*` requests on that era, so `@modelcontextprotocol/ext-tasks` asks the host for a
 * request coordinator that owns request ids and response matching (`rawDispatch`). The same
 * channel routes `notifications/progress` for progress tokens registered here, which the SDK
 * would otherwise report as unknown.
 */
export class RawRequestChannel {
  private next = 0;
  private readonly pending = new Map<string, Pending>();
  private readonly progress = new Map<string | number, (report: RawProgress) => void>();
  private closed = false;
  private readonly stopWatchingClose: () => void;

  constructor(
    private readonly tap: TrafficTapTransport,
    private readonly defaultTimeoutMs: number,
  ) {
    tap.claim = (message) => this.claim(message);
    this.stopWatchingClose = tap.onDidClose(() =>
      this.close(new DispatchError('The connection to the server closed', false)),
    );
  }

  /**
   * Sends one request and resolves with its JSON-RPC response (an error response resolves too,
   * as `kind: "error"`). Rejects with a `DispatchError` when it could not be sent, timed out, or
   * the connection closed; with the signal's reason when aborted (the server is told).
   */
  dispatch = async (
    request: JsonValue,
    options: DispatchOptions = {},
  ): Promise<JsonRpcResponse> => {
    if (this.closed) throw new DispatchError('The connection to the server closed', false);
    // ext-tasks frames the request (method, params with the 2026 envelope); we add jsonrpc and id.
    const body = request as { method: string; params?: Record<string, JsonValue> };
    const id = `${ID_PREFIX}${String(++this.next)}`;
    const signal = options.signal;
    signal?.throwIfAborted();
    const timeoutMs = options.context?.requestTimeoutMs ?? this.defaultTimeoutMs;
    return new Promise<JsonRpcResponse>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          settle();
          this.cancelOnServer(id, 'timed out');
          reject(
            new DispatchError(`${body.method} timed out after ${String(timeoutMs)} ms`, false),
          );
        }, timeoutMs);
      };
      const onAbort = (): void => {
        settle();
        this.cancelOnServer(id, 'cancelled');
        reject(signal?.reason instanceof Error ? signal.reason : new Error('Aborted'));
      };
      const settle = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      this.pending.set(id, {
        resolve: (response) => {
          settle();
          resolve(response);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
        ...(options.context?.resetTimeoutOnProgress ? { touch: arm } : {}),
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      arm();
      const message = { jsonrpc: '2.0', id, ...body } as JSONRPCMessage;
      this.tap
        .send(message, {
          ...(options.context?.headers ? { headers: { ...options.context.headers } } : {}),
          ...(signal ? { requestSignal: signal } : {}),
        })
        .catch((error: unknown) => {
          if (!this.pending.has(id)) return;
          settle();
          reject(new DispatchError(`${body.method} could not be sent`, false, { cause: error }));
        });
    });
  };

  /** Routes `notifications/progress` carrying `token` to `listener` until the returned remover runs. */
  watchProgress(token: string | number, listener: (report: RawProgress) => void): () => void {
    this.progress.set(token, listener);
    return () => this.progress.delete(token);
  }

  /** Fails every request in flight and stops taking messages from the tap. */
  close(reason: Error = new DispatchError('The task channel closed', false)): void {
    if (this.closed) return;
    this.closed = true;
    this.stopWatchingClose();
    if (this.tap.claim) this.tap.claim = undefined;
    for (const pending of [...this.pending.values()]) pending.reject(reason);
    this.progress.clear();
  }

  private claim(message: JSONRPCMessage): boolean {
    if ('id' in message && typeof message.id === 'string' && !('method' in message)) {
      const pending = this.pending.get(message.id);
      if (!pending) return message.id.startsWith(ID_PREFIX);
      if ('error' in message) pending.resolve({ kind: 'error', error: message.error as never });
      else pending.resolve({ kind: 'result', result: message.result as never });
      return true;
    }
    if ('method' in message && message.method === 'notifications/progress' && !('id' in message)) {
      const params = (message.params ?? {}) as Record<string, unknown>;
      const token = params.progressToken;
      if (typeof token !== 'string' && typeof token !== 'number') return false;
      const listener = this.progress.get(token);
      if (!listener) return false;
      if (typeof params.progress === 'number') {
        listener({
          progress: params.progress,
          ...(typeof params.total === 'number' ? { total: params.total } : {}),
          ...(typeof params.message === 'string' ? { message: params.message } : {}),
        });
      }
      for (const pending of this.pending.values()) pending.touch?.();
      return true;
    }
    return false;
  }

  private cancelOnServer(id: string, reason: string): void {
    if (this.closed) return;
    const notification = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason },
    } as JSONRPCMessage;
    this.tap.send(notification).catch(() => {
      // Best effort: the request is already given up on here.
    });
  }
}
