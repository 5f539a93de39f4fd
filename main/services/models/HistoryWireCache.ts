import type { ConversationMessage } from '../../../shared/domain/conversationMessage';

/** A conversation's converted history (see HistoryWireCache). */
interface ConvertedPrefix {
  key: string;
  inputs: readonly ConversationMessage[];
  /** `ends[i]`: the bytes of `json` that `inputs[0..i]` made. */
  ends: number[];
  /** The wire messages' JSON (UTF-8), comma-separated, without the array's brackets. */
  json: Uint8Array;
}

const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/** What a request body is made of besides the history (see {@link HistoryWireCache.body}). */
export interface WireRequest<Wire> {
  /** Every field of the body but `messages`. */
  head: object;
  /** Messages that go before the history (a system message), already as wire messages. */
  lead?: readonly Wire[];
  messages: readonly ConversationMessage[];
  /** Whatever the conversion depends on besides the message itself. */
  key: string;
  /** Converts one message; depends only on `key`. */
  convertOne: (message: ConversationMessage) => Wire[];
}

/**
 * A provider's wire form of a conversation's history, kept between requests as the JSON text of
 * the request's `messages`. The previous request of the same conversation (same first message,
 * same `key`) is reused as far as the new request's messages are the very same objects, so a
 * turn at 5,000 messages converts and encodes the few new ones instead of all 5,000 (an SDK's
 * `create` runs `JSON.stringify` over the whole body on every turn). History messages are never
 * mutated once handed out (see ModelHistory).
 */
export class HistoryWireCache<Wire extends object> {
  private readonly prefixes = new WeakMap<ConversationMessage, ConvertedPrefix>();

  /**
   * The request's body as UTF-8 JSON: `head` with `messages` added last, exactly what
   * `JSON.stringify` writes for `{ ...head, messages: [...lead, ...converted history] }`.
   * Bytes, not a string: the history's part is copied once, into memory the allocator reuses
   * turn after turn, where a 5 MB string is a fresh allocation each time (three times slower
   * than the whole `JSON.stringify` on this machine's measurements), then encoded again.
   */
  body(request: WireRequest<Wire>): Uint8Array {
    const { messages, key, convertOne } = request;
    const first = messages[0];
    const known = first && this.prefixes.get(first);
    let same = 0;
    if (known?.key === key) {
      const limit = Math.min(known.inputs.length, messages.length);
      while (same < limit && known.inputs[same] === messages[same]) same++;
    }
    const ends = known && same > 0 ? known.ends.slice(0, same) : [];
    const kept = known && same > 0 ? known.json.subarray(0, ends.at(-1)) : undefined;
    const history: Uint8Array[] = kept?.length ? [kept] : [];
    let length = kept?.length ?? 0;
    for (let i = same; i < messages.length; i++) {
      for (const wire of convertOne(messages[i] as ConversationMessage)) {
        const part = Buffer.from(JSON.stringify(wire));
        length += (history.length > 0 ? 1 : 0) + part.length;
        history.push(part);
      }
      ends.push(length);
    }
    const head = JSON.stringify(request.head);
    // `{}` takes no comma before the key.
    const open = Buffer.from(`${head.length > 2 ? `${head.slice(0, -1)},` : '{'}"messages":[`);
    const pieces: Uint8Array[] = [open];
    let at = open.length;
    let elements = 0;
    const add = (element: Uint8Array): void => {
      if (elements++ > 0) {
        pieces.push(COMMA);
        at++;
      }
      pieces.push(element);
      at += element.length;
    };
    for (const wire of request.lead ?? []) add(Buffer.from(JSON.stringify(wire)));
    const start = history.length > 0 && elements > 0 ? at + 1 : at;
    for (const element of history) add(element);
    pieces.push(CLOSE);
    const body = Buffer.concat(pieces, at + CLOSE.length);
    if (first) {
      // A view of the body, not a copy: the next request copies it into its own body.
      const json = body.subarray(start, start + length);
      this.prefixes.set(first, { key, inputs: [...messages], ends, json });
    }
    return body;
  }
}
