import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import { WIRE_CHUNK_BYTES, WireChunks } from './WireChunks';

/** A conversation's converted history (see HistoryWireCache). */
interface ConvertedPrefix {
  key: string;
  inputs: readonly ConversationMessage[];
  /** `ends[i]`: the bytes of `json` that `inputs[0..i]` made. */
  ends: number[];
  /** The wire messages' JSON (UTF-8), comma-separated, without the array's brackets. */
  json: WireChunks;
}

const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/**
 * A request body as the SDKs pass it to fetch: bytes when small, otherwise a Blob whose parts
 * the conversation's next body shares (see WireChunks).
 */
export type WireBody = Uint8Array | Blob;

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
   * Not a string: the kept history is shared, not copied (a 5 MB string is a fresh allocation
   * each turn, three times slower than the whole `JSON.stringify` on this machine), and a
   * large body is a Blob of parts that fetch streams without copying it whole.
   */
  body(request: WireRequest<Wire>): WireBody {
    const { messages, key, convertOne } = request;
    const first = messages[0];
    const known = first && this.prefixes.get(first);
    let same = 0;
    if (known?.key === key) {
      const limit = Math.min(known.inputs.length, messages.length);
      while (same < limit && known.inputs[same] === messages[same]) same++;
    }
    const ends = known && same > 0 ? known.ends.slice(0, same) : [];
    const kept = known && same > 0 ? known.json.prefix(ends.at(-1) ?? 0) : WireChunks.empty;
    const added: Uint8Array[] = [];
    let length = kept.size;
    for (let i = same; i < messages.length; i++) {
      for (const wire of convertOne(messages[i] as ConversationMessage)) {
        const part = Buffer.from(JSON.stringify(wire));
        if (length > 0) {
          added.push(COMMA);
          length++;
        }
        added.push(part);
        length += part.length;
      }
      ends.push(length);
    }
    const json = kept.append(added);
    if (first) this.prefixes.set(first, { key, inputs: [...messages], ends, json });
    const head = JSON.stringify(request.head);
    // `{}` takes no comma before the key.
    const open = Buffer.from(`${head.length > 2 ? `${head.slice(0, -1)},` : '{'}"messages":[`);
    const pieces: (Blob | Uint8Array)[] = [open];
    let size = open.length;
    /** Adds one element (or the history's elements) to `messages`. */
    const add = (parts: readonly (Blob | Uint8Array)[], bytes: number): void => {
      if (pieces.length > 1) {
        pieces.push(COMMA);
        size++;
      }
      pieces.push(...parts);
      size += bytes;
    };
    for (const wire of request.lead ?? []) {
      const element = Buffer.from(JSON.stringify(wire));
      add([element], element.length);
    }
    if (json.size > 0) add(json.parts, json.size);
    pieces.push(CLOSE);
    size += CLOSE.length;
    const bytes = pieces.every((piece): piece is Uint8Array => piece instanceof Uint8Array);
    return bytes && size < WIRE_CHUNK_BYTES ? Buffer.concat(pieces, size) : new Blob(pieces);
  }
}
