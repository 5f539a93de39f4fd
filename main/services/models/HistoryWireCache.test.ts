import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import { HistoryWireCache, type WireRequest } from './HistoryWireCache';
import { wireBodyText as text } from './testing/wireBodyText';
import { WIRE_CHUNK_BYTES } from './WireChunks';

type Wire = Record<string, unknown>;

function said(text: string, role: 'user' | 'assistant' = 'user'): ConversationMessage {
  return { role, content: text };
}

function textOf(message: ConversationMessage): string {
  return typeof message.content === 'string' ? message.content : '';
}

function texts(...values: string[]): Wire[] {
  return values.map((text) => ({ text }));
}

describe('HistoryWireCache', () => {
  it('converts only what is new since the conversation’s previous request', async () => {
    const cache = new HistoryWireCache<Wire>();
    const converted: string[] = [];
    const convertOne = (message: ConversationMessage): Wire[] => {
      const text = textOf(message);
      converted.push(text);
      // A message may make no wire message, or several.
      return text === 'skip' ? [] : texts(text, `${text}!`).slice(0, text === 'twice' ? 2 : 1);
    };
    const sent = async (messages: ConversationMessage[], key = 'k'): Promise<unknown> =>
      (
        JSON.parse(await text(cache.body({ head: {}, messages, key, convertOne }))) as {
          messages: unknown;
        }
      ).messages;
    const history = [said('a'), said('skip', 'assistant'), said('twice')];
    expect(await sent(history)).toEqual(texts('a', 'twice', 'twice!'));
    const grown = [...history, said('b', 'assistant'), said('c')];
    converted.length = 0;
    expect(await sent(grown)).toEqual(texts('a', 'twice', 'twice!', 'b', 'c'));
    expect(converted).toEqual(['b', 'c']);

    // The last message replaced: converted again from there, nothing before it.
    converted.length = 0;
    const replaced = [...grown.slice(0, 4), said('c and d')];
    expect(await sent(replaced)).toEqual(texts('a', 'twice', 'twice!', 'b', 'c and d'));
    expect(converted).toEqual(['c and d']);

    // Shorter (a retry dropped the end): what was kept, cut.
    converted.length = 0;
    expect(await sent(grown.slice(0, 3))).toEqual(texts('a', 'twice', 'twice!'));
    expect(converted).toEqual([]);

    // Another key (the request converts differently): all of it anew.
    converted.length = 0;
    await sent(replaced, 'other');
    expect(converted).toHaveLength(replaced.length);
  });

  it('writes exactly what JSON.stringify writes for the whole request, messages last', async () => {
    const cache = new HistoryWireCache<Wire>();
    // Quotes, escapes, non-ASCII, undefined fields (left out) and nesting.
    const convertOne = (message: ConversationMessage): Wire[] => [
      { text: textOf(message), note: undefined, nested: { list: [1, 'two', null] } },
    ];
    const history = [said('say "hi"\n'), said('naïve — ok', 'assistant'), said('\u2028 end')];
    const head = { model: 'm', max_tokens: 5, stream: true };
    const leads: Wire[][] = [[], [{ role: 'system', content: 'Be "brief".' }], texts('x', 'y')];
    for (const lead of leads) {
      for (let n = 0; n <= history.length; n++) {
        const messages = history.slice(0, n);
        const request: WireRequest<Wire> = { head, lead, messages, key: 'k', convertOne };
        const expected = JSON.stringify({
          ...head,
          messages: [...lead, ...messages.flatMap(convertOne)],
        });
        // Twice: the first converts, the second reuses what the first kept.
        expect(await text(cache.body(request))).toBe(expected);
        expect(await text(cache.body(request))).toBe(expected);
      }
    }
    expect(await text(cache.body({ head: {}, messages: [], key: 'k', convertOne }))).toBe(
      '{"messages":[]}',
    );
  });

  it('a long history goes as a Blob, exact through growth, cuts and a huge message', async () => {
    const cache = new HistoryWireCache<Wire>();
    const convertOne = (message: ConversationMessage): Wire[] => [{ text: textOf(message) }];
    // ~2 KiB a message, some with non-ASCII: the history spans many 64 KiB parts.
    const history = Array.from({ length: 200 }, (_, i) =>
      said(`${String(i)} ${'é—x'.repeat(i % 7 === 0 ? 700 : 600)}`, i % 2 ? 'assistant' : 'user'),
    );
    const head = { model: 'm', stream: true };
    const lead = [{ role: 'system', content: 'Be brief.' }];
    const check = async (messages: ConversationMessage[]) => {
      const body = cache.body({ head, lead, messages, key: 'k', convertOne });
      const expected = JSON.stringify({
        ...head,
        messages: [...lead, ...messages.map(convertOne).flat()],
      });
      expect(await text(body)).toBe(expected);
      return body;
    };
    expect(await check(history.slice(0, 2))).toBeInstanceOf(Uint8Array);
    expect(await check(history)).toBeInstanceOf(Blob);
    // Grown turn by turn, then cut inside what was sealed long ago, then past a part's end.
    const grown = [...history];
    for (let turn = 0; turn < 3; turn++) {
      grown.push(said(`turn ${String(turn)}`, 'assistant'), said('again'));
      await check(grown);
    }
    await check(grown.slice(0, 40));
    await check(grown.slice(0, 41));
    // One message larger than several parts.
    await check([...grown, said('z'.repeat(5 * WIRE_CHUNK_BYTES + 7))]);
    await check(grown.slice(0, 1));
  });
});
