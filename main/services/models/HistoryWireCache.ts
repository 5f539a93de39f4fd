import type { ConversationMessage } from '../../../shared/domain/conversationMessage';

/** A conversation's converted history (see HistoryWireCache). */
interface ConvertedPrefix {
  key: string;
  inputs: readonly ConversationMessage[];
  /** `ends[i]`: the length of `json` that `inputs[0..i]` made. */
  ends: number[];
  /** The wire messages' JSON, comma-separated, without the array's brackets. */
  json: string;
}

/**
 * A provider's wire form of a conversation's history, kept between requests as the JSON text
 * of the request's `messages` array. The previous request of the same conversation (same first
 * message, same `key` — whatever else the conversion depends on) is reused as far as the new
 * request's messages are the very same objects, so a turn at 5,000 messages converts and
 * encodes the few new ones instead of walking and encoding all 5,000 (the SDK would run
 * `JSON.stringify` over the whole body on every turn). History messages are never mutated once
 * handed out (see ModelHistory).
 */
export class HistoryWireCache<Wire extends object> {
  private readonly prefixes = new WeakMap<ConversationMessage, ConvertedPrefix>();

  /**
   * The elements of `messages`' wire form as JSON, comma-separated and without brackets:
   * exactly what `JSON.stringify` writes between the brackets of the converted array.
   * `convertOne` converts one message, and depends only on `key`.
   */
  convert(
    messages: readonly ConversationMessage[],
    key: string,
    convertOne: (message: ConversationMessage) => Wire[],
  ): string {
    const first = messages[0];
    if (first === undefined) return '';
    const known = this.prefixes.get(first);
    let same = 0;
    if (known?.key === key) {
      const limit = Math.min(known.inputs.length, messages.length);
      while (same < limit && known.inputs[same] === messages[same]) same++;
    }
    const ends = known && same > 0 ? known.ends.slice(0, same) : [];
    const kept = known && same > 0 ? known.json.slice(0, ends.at(-1)) : '';
    // Joined once into a flat string: appending turn after turn would leave a rope thousands
    // of pieces deep, which the next request would walk again to encode it.
    const parts = kept ? [kept] : [];
    let length = kept.length;
    for (let i = same; i < messages.length; i++) {
      for (const wire of convertOne(messages[i] as ConversationMessage)) {
        const part = JSON.stringify(wire);
        length += (parts.length > 0 ? 1 : 0) + part.length;
        parts.push(part);
      }
      ends.push(length);
    }
    const json = parts.join(',');
    this.prefixes.set(first, { key, inputs: [...messages], ends, json });
    return json;
  }
}
