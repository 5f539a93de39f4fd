import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';

type Transport = Parameters<AppBridge['connect']>[0];
type Message = Parameters<Transport['send']>[0];

/**
 * The App bridge's transport to one sandbox frame: `postMessage` to the frame, and the page's
 * messages that come from it. It differs from the extension's `PostMessageTransport` in two ways:
 *
 * - The frame's window is looked up when a message comes or goes, not when the bridge connects.
 *   Reading `contentWindow` of a frame that was just inserted makes Chromium build a script
 *   context for its blank first document, which the sandbox page replaces a moment later; that was
 *   one more context per App, on the page's main thread, in the task that put the frame in.
 * - No `console.debug` of every message (a console keeps each one), and only the JSON-RPC framing
 *   is checked here: the bridge validates every message it routes, so parsing each one against the
 *   full schema here as well did the work twice.
 */
export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: Message) => void;
  private window: Window | null = null;
  private started = false;

  /** @param frameWindow the frame's window, or null while there is none. */
  constructor(private readonly frameWindow: () => Window | null) {}

  start(): Promise<void> {
    if (!this.started) {
      this.started = true;
      window.addEventListener('message', this.listener);
    }
    return Promise.resolve();
  }

  send(message: Message): Promise<void> {
    const target = this.target();
    if (!target) return Promise.reject(new Error('The App frame is gone.'));
    target.postMessage(message, '*');
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.started) {
      this.started = false;
      window.removeEventListener('message', this.listener);
      this.onclose?.();
    }
    return Promise.resolve();
  }

  private readonly listener = (event: MessageEvent): void => {
    // A message from no window, or before this frame has one, cannot be the frame's.
    if (event.source === null || event.source !== this.target()) return;
    const data: unknown = event.data;
    if (!isJsonRpc(data)) return;
    this.onmessage?.(data);
  };

  /** The frame's window proxy, which stays the same object across its navigations. */
  private target(): Window | null {
    this.window ??= this.frameWindow();
    return this.window;
  }
}

function isJsonRpc(data: unknown): data is Message {
  return (
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    (data as { jsonrpc?: unknown }).jsonrpc === '2.0'
  );
}
