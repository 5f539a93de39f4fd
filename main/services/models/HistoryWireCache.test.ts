import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import { HistoryWireCache } from './HistoryWireCache';
import { withMessagesJson } from './withMessagesJson';

type Wire = Record<string, unknown>;

function parsed(elements: string): unknown {
  return JSON.parse(`[${elements}]`);
}

function texts(...values: string[]): Wire[] {
  return values.map((text) => ({ text }));
}

function said(text: string, role: 'user' | 'assistant' = 'user'): ConversationMessage {
  return { role, content: text };
}

function textOf(message: ConversationMessage): string {
  return typeof message.content === 'string' ? message.content : '';
}

describe('HistoryWireCache', () => {
  it('converts only what is new since the conversation’s previous request', () => {
    const cache = new HistoryWireCache<Wire>();
    const converted: string[] = [];
    const convert = (message: ConversationMessage): Wire[] => {
      const text = textOf(message);
      converted.push(text);
      // A message may make no wire message, or several.
      return text === 'skip'
        ? []
        : [{ text }, { text: `${text}!` }].slice(0, text === 'twice' ? 2 : 1);
    };
    const history = [said('a'), said('skip', 'assistant'), said('twice')];
    expect(parsed(cache.convert(history, 'k', convert))).toEqual(texts('a', 'twice', 'twice!'));
    const grown = [...history, said('b', 'assistant'), said('c')];
    converted.length = 0;
    expect(parsed(cache.convert(grown, 'k', convert))).toEqual(
      texts('a', 'twice', 'twice!', 'b', 'c'),
    );
    expect(converted).toEqual(['b', 'c']);

    // The last message replaced: converted again from there, nothing before it.
    converted.length = 0;
    const replaced = [...grown.slice(0, 4), said('c and d')];
    expect(parsed(cache.convert(replaced, 'k', convert))).toEqual(
      texts('a', 'twice', 'twice!', 'b', 'c and d'),
    );
    expect(converted).toEqual(['c and d']);

    // Shorter (a retry dropped the end): what was kept, cut.
    converted.length = 0;
    expect(parsed(cache.convert(grown.slice(0, 3), 'k', convert))).toEqual(
      texts('a', 'twice', 'twice!'),
    );
    expect(converted).toEqual([]);

    // Another key (the request converts differently): all of it anew.
    converted.length = 0;
    cache.convert(replaced, 'other', convert);
    expect(converted).toHaveLength(replaced.length);
  });

  it('writes exactly what JSON.stringify writes for the whole converted array', () => {
    const cache = new HistoryWireCache<Wire>();
    // Quotes, escapes, non-ASCII, undefined fields (left out) and nesting.
    const convert = (message: ConversationMessage): Wire[] => [
      { text: textOf(message), note: undefined, nested: { list: [1, 'two', null] } },
    ];
    const history = [said('say "hi"\n'), said('naïve — ok', 'assistant'), said('\u2028 end')];
    const whole = (messages: ConversationMessage[]) => JSON.stringify(messages.flatMap(convert));
    for (let n = 1; n <= history.length; n++) {
      const part = history.slice(0, n);
      expect(`[${cache.convert(part, 'k', convert)}]`).toBe(whole(part));
    }
    expect(cache.convert([], 'k', convert)).toBe('');
  });
});

describe('withMessagesJson', () => {
  it('adds messages last, as JSON.stringify writes the object', () => {
    const elements = [{ role: 'user', content: 'a "b"' }];
    const head = { model: 'm', max_tokens: 5, stream: true };
    expect(withMessagesJson(head, JSON.stringify(elements[0]))).toBe(
      JSON.stringify({ ...head, messages: elements }),
    );
    expect(withMessagesJson({}, '')).toBe(JSON.stringify({ messages: [] }));
  });
});
