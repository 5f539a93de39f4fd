import type { ConversationMessage } from '../../../shared/domain/conversationMessage';

/** A conversation's converted history (see HistoryWireCache). */
interface ConvertedPrefix<Wire> {
  key: string;
  inputs: readonly ConversationMessage[];
  /** `ends[i]`: how many wire messages `inputs[0..i]` made. */
  ends: number[];
  wire: Wire[];
}

/**
 * A provider's wire form of a conversation's history, kept between requests. The previous
 * request of the same conversation (same first message, same `key` — whatever else the
 * conversion depends on) is reused as far as the new request's messages are the very same
 * objects, so a turn at 5,000 messages converts the few new ones instead of walking all 5,000.
 * History messages are never mutated once handed out (see ModelHistory).
 */
export class HistoryWireCache<Wire> {
  private readonly prefixes = new WeakMap<ConversationMessage, ConvertedPrefix<Wire>>();

  /** `messages` in wire form; `convertOne` converts one message, and depends only on `key`. */
  convert(
    messages: readonly ConversationMessage[],
    key: string,
    convertOne: (message: ConversationMessage) => Wire[],
  ): Wire[] {
    const first = messages[0];
    if (first === undefined) return [];
    const known = this.prefixes.get(first);
    let same = 0;
    if (known?.key === key) {
      const limit = Math.min(known.inputs.length, messages.length);
      while (same < limit && known.inputs[same] === messages[same]) same++;
    }
    const ends = known && same > 0 ? known.ends.slice(0, same) : [];
    const wire = known && same > 0 ? known.wire.slice(0, ends.at(-1)) : [];
    for (let i = same; i < messages.length; i++) {
      wire.push(...convertOne(messages[i] as ConversationMessage));
      ends.push(wire.length);
    }
    this.prefixes.set(first, { key, inputs: [...messages], ends, wire });
    // The kept arrays are never handed out: a caller may change what it gets.
    return [...wire];
  }
}
