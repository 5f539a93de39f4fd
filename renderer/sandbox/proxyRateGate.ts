import {
  APP_MESSAGE_BURST,
  APP_MESSAGES_PER_SECOND,
  rateRefusal,
  requestId,
  TokenBucket,
} from '../features/apps/appMessageLimits';

export interface RateGateOptions {
  /** Answers the App (a JSON-RPC error for a request over its rate). */
  answer: (reply: unknown) => void;
  /** Tells the host how many messages were refused so far (at most every half second). */
  report: (refused: number) => void;
  perSecond?: number;
  burst?: number;
  now?: () => number;
}

/**
 * The App's rate, kept where its messages first arrive. The proxy page shares the host page's
 * thread, where messages are handled in the order they came: a flood relayed to the host
 * would hold up everything queued behind it (the page went 6 s without running a timer). Here
 * a message over the rate is dropped unread, unless it is answered (a request gets the same
 * error as from the host's own bound in FrameTransport, which stays the one that counts).
 */
export function createRateGate(options: RateGateOptions): {
  admit: (event: MessageEvent) => boolean;
  stop: () => void;
} {
  const perSecond = options.perSecond ?? APP_MESSAGES_PER_SECOND;
  const burst = options.burst ?? APP_MESSAGE_BURST;
  const bucket = new TokenBucket(perSecond, burst, options.now);
  // Answers are bounded too: a flood gets a few, not one each.
  const replies = new TokenBucket(perSecond, burst, options.now);
  let refused = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    admit: (event) => {
      if (bucket.take()) return true;
      refused += 1;
      timer ??= setTimeout(() => {
        timer = undefined;
        options.report(refused);
      }, 500);
      if (replies.take()) {
        const id = requestId(event.data);
        if (id !== undefined) {
          options.answer({ jsonrpc: '2.0', id, error: rateRefusal(perSecond, burst) });
        }
      }
      return false;
    },
    stop: () => clearTimeout(timer),
  };
}
