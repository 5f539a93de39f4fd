import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import { HistoryWireCache } from './HistoryWireCache';

function said(text: string, role: 'user' | 'assistant' = 'user'): ConversationMessage {
  return { role, content: text };
}

function textOf(message: ConversationMessage): string {
  return typeof message.content === 'string' ? message.content : '';
}

describe('HistoryWireCache', () => {
  it('converts only what is new since the conversation’s previous request', () => {
    const cache = new HistoryWireCache<string>();
    const converted: string[] = [];
    const convert = (message: ConversationMessage): string[] => {
      const text = textOf(message);
      converted.push(text);
      // A message may make no wire message, or several.
      return text === 'skip' ? [] : [text, `${text}!`].slice(0, text === 'twice' ? 2 : 1);
    };
    const history = [said('a'), said('skip', 'assistant'), said('twice')];
    expect(cache.convert(history, 'k', convert)).toEqual(['a', 'twice', 'twice!']);
    const grown = [...history, said('b', 'assistant'), said('c')];
    converted.length = 0;
    expect(cache.convert(grown, 'k', convert)).toEqual(['a', 'twice', 'twice!', 'b', 'c']);
    expect(converted).toEqual(['b', 'c']);

    // The last message replaced: converted again from there, nothing before it.
    converted.length = 0;
    const replaced = [...grown.slice(0, 4), said('c and d')];
    expect(cache.convert(replaced, 'k', convert)).toEqual(['a', 'twice', 'twice!', 'b', 'c and d']);
    expect(converted).toEqual(['c and d']);

    // Another key (the request converts differently): all of it anew.
    converted.length = 0;
    cache.convert(replaced, 'other', convert);
    expect(converted).toHaveLength(replaced.length);
  });

  it('hands out arrays of its own: changing one changes nothing kept', () => {
    const cache = new HistoryWireCache<string>();
    const history = [said('a'), said('b', 'assistant')];
    const first = cache.convert(history, 'k', (m) => [textOf(m)]);
    first.push('mutated');
    expect(cache.convert(history, 'k', (m) => [textOf(m)])).toEqual(['a', 'b']);
  });
});
