import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import { HistoryWireCache, type WireRequest } from './HistoryWireCache';

type Wire = Record<string, unknown>;

function said(text: string, role: 'user' | 'assistant' = 'user'): ConversationMessage {
  return { role, content: text };
}

function textOf(message: ConversationMessage): string {
  return typeof message.content === 'string' ? message.content : '';
}

function text(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('utf8');
}

function texts(...values: string[]): Wire[] {
  return values.map((text) => ({ text }));
}

describe('HistoryWireCache', () => {
  it('converts only what is new since the conversation’s previous request', () => {
    const cache = new HistoryWireCache<Wire>();
    const converted: string[] = [];
    const convertOne = (message: ConversationMessage): Wire[] => {
      const text = textOf(message);
      converted.push(text);
      // A message may make no wire message, or several.
      return text === 'skip' ? [] : texts(text, `${text}!`).slice(0, text === 'twice' ? 2 : 1);
    };
    const sent = (messages: ConversationMessage[], key = 'k'): unknown =>
      (
        JSON.parse(text(cache.body({ head: {}, messages, key, convertOne }))) as {
          messages: unknown;
        }
      ).messages;
    const history = [said('a'), said('skip', 'assistant'), said('twice')];
    expect(sent(history)).toEqual(texts('a', 'twice', 'twice!'));
    const grown = [...history, said('b', 'assistant'), said('c')];
    converted.length = 0;
    expect(sent(grown)).toEqual(texts('a', 'twice', 'twice!', 'b', 'c'));
    expect(converted).toEqual(['b', 'c']);

    // The last message replaced: converted again from there, nothing before it.
    converted.length = 0;
    const replaced = [...grown.slice(0, 4), said('c and d')];
    expect(sent(replaced)).toEqual(texts('a', 'twice', 'twice!', 'b', 'c and d'));
    expect(converted).toEqual(['c and d']);

    // Shorter (a retry dropped the end): what was kept, cut.
    converted.length = 0;
    expect(sent(grown.slice(0, 3))).toEqual(texts('a', 'twice', 'twice!'));
    expect(converted).toEqual([]);

    // Another key (the request converts differently): all of it anew.
    converted.length = 0;
    sent(replaced, 'other');
    expect(converted).toHaveLength(replaced.length);
  });

  it('writes exactly what JSON.stringify writes for the whole request, messages last', () => {
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
        expect(text(cache.body(request))).toBe(expected);
        expect(text(cache.body(request))).toBe(expected);
      }
    }
    expect(text(cache.body({ head: {}, messages: [], key: 'k', convertOne }))).toBe(
      '{"messages":[]}',
    );
  });
});
