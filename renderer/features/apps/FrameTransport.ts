import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { BridgeTraffic } from './BridgeTraffic';
import {
  APP_MESSAGE_BURST,
  APP_MESSAGES_PER_SECOND,
  formatBytes,
  INVALID_REQUEST,
  MAX_APP_MESSAGE_BYTES,
  measureAppMessage,
  rateRefusal,
  requestId,
  TokenBucket,
  type MessageRefusal,
} from './appMessageLimits';

export { INVALID_REQUEST, RATE_LIMITED } from './appMessageLimits';

type Transport = Parameters<AppBridge['connect']>[0];
type Message = Parameters<Transport['send']>[0];

/** Messages refused so far, by why. */
export type RefusedCounts = Record<MessageRefusal, number>;

export interface FrameTransportOptions {
  /** Told the running totals when messages were refused (at most every half second). */
  onRefused?: (counts: RefusedCounts) => void;
  /** Told every message that goes to the App or comes from it (the diagnostics' list). */
  traffic?: BridgeTraffic;
  /** The bounds (tests set small ones). */
  maxBytes?: number;
  perSecond?: number;
  burst?: number;
  now?: () => number;
}

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
 * - What the App sends is bounded before the bridge sees it (see appMessageLimits): a message
 *   over the size limit, nested too deep or not plain JSON, or over the frame's rate, goes no
 *   further; a request among them is answered with a JSON-RPC error that names the limit. So
 *   one App can neither drop the window's connection to main with one huge message nor hold
 *   up the page with a flood; other Apps have buckets of their own.
 */
export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: Message) => void;
  private window: Window | null = null;
  private started = false;
  private readonly bucket: TokenBucket;
  /** Error answers to refused requests are bounded too: a flood gets a few, not one each. */
  private readonly replies: TokenBucket;
  private readonly maxBytes: number;
  private readonly perSecond: number;
  private readonly burst: number;
  private readonly refused: RefusedCounts = { size: 0, rate: 0, shape: 0 };
  private reportTimer: ReturnType<typeof setTimeout> | undefined;

  /** @param frameWindow the frame's window, or null while there is none. */
  constructor(
    private readonly frameWindow: () => Window | null,
    private readonly options: FrameTransportOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? MAX_APP_MESSAGE_BYTES;
    this.perSecond = options.perSecond ?? APP_MESSAGES_PER_SECOND;
    this.burst = options.burst ?? APP_MESSAGE_BURST;
    this.bucket = new TokenBucket(this.perSecond, this.burst, options.now);
    this.replies = new TokenBucket(this.perSecond, this.burst, options.now);
  }

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
    this.options.traffic?.record('out', message);
    target.postMessage(message, '*');
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.started) {
      this.started = false;
      window.removeEventListener('message', this.listener);
      clearTimeout(this.reportTimer);
      this.reportTimer = undefined;
      this.onclose?.();
    }
    return Promise.resolve();
  }

  private readonly listener = (event: MessageEvent): void => {
    // A message from no window, or before this frame has one, cannot be the frame's.
    if (event.source === null || event.source !== this.target()) return;
    // Over the rate, the message is not even read unless it is answered.
    if (!this.bucket.take()) {
      this.refuse(() => event.data as unknown, 'rate', rateRefusal(this.perSecond, this.burst));
      return;
    }
    const data: unknown = event.data;
    if (!isJsonRpc(data)) return;
    const measured = measureAppMessage(data, this.maxBytes);
    if (!measured.ok) {
      const limit =
        measured.refusal === 'size'
          ? ` (Switchboard accepts messages of at most ${formatBytes(this.maxBytes)} from an App)`
          : '';
      this.refuse(() => data, measured.refusal, {
        code: INVALID_REQUEST,
        message: `Message refused: ${measured.detail}${limit}.`,
      });
      return;
    }
    this.options.traffic?.record('in', data);
    this.onmessage?.(data);
  };

  /** Counts a refused message and answers it when it is a request (and answers are left). */
  private refuse(
    read: () => unknown,
    why: MessageRefusal,
    error: { code: number; message: string },
  ): void {
    this.refused[why] += 1;
    this.scheduleReport();
    if (!this.replies.take()) return;
    const id = requestId(read());
    if (id === undefined) return;
    this.send({ jsonrpc: '2.0', id, error }).catch(() => undefined);
  }

  private scheduleReport(): void {
    if (this.reportTimer !== undefined || !this.options.onRefused) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = undefined;
      this.options.onRefused?.({ ...this.refused });
    }, 500);
  }

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
