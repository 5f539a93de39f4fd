import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/**
 * The SDK's stdio transport behind a plain wrapper, as the host holds its own: still a stdio
 * transport to the SDK (`pid`, `stderr`), but not its own class, so the era probe runs in place
 * on the one server process. Given the bare `StdioClientTransport`, the SDK probes on a second,
 * throw-away process instead — a baseline that starts every server twice would not do the
 * host's work.
 */
export class InPlaceStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(private readonly inner: StdioClientTransport) {
    inner.onmessage = (message) => this.onmessage?.(message);
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
  }

  get pid(): number | null {
    return this.inner.pid;
  }

  get stderr(): unknown {
    return this.inner.stderr;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
