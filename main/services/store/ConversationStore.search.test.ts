import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationSearchResult, SnippetPart } from './ConversationRecord';
import type { ConversationStore } from './ConversationStore';
import { searchConversations } from './searchConversations';
import { textContent, TempStoreDir } from './testing/TempStoreDir';

function marked(parts: readonly SnippetPart[] | null): string {
  return (parts ?? []).map((p) => (p.match ? `[${p.text}]` : p.text)).join('');
}

function titles(results: readonly ConversationSearchResult[]): string[] {
  return results.map((r) => r.conversation.title);
}

describe('ConversationStore search', () => {
  let temp: TempStoreDir;
  let store: ConversationStore;
  let clock: number;

  beforeEach(() => {
    temp = new TempStoreDir();
    clock = 1_000;
    store = temp.open({ now: () => (clock += 1) });
    const weather = store.createConversation({ title: '天气预报 and plans' });
    store.appendMessage(weather.id, {
      role: 'user',
      content: textContent('今天北京的天气怎么样？我想去颐和园散步。'),
    });
    store.appendMessage(weather.id, {
      role: 'assistant',
      content: textContent('北京今天晴，气温二十度，适合去颐和园。'),
    });
    const rust = store.createConversation({ title: 'Rust lifetimes' });
    store.appendMessage(rust.id, {
      role: 'user',
      content: textContent('Why does the Borrow Checker reject this closure?'),
    });
    store.appendMessage(rust.id, {
      role: 'assistant',
      content: [
        { type: 'text', text: 'The closure captures a mutable borrow that outlives the loop.' },
        { type: 'tool_use', id: 'toolu_q', name: 'docs__search', input: { q: 'invisible' } },
      ],
    });
    const mixed = store.createConversation({ title: 'Travel' });
    store.appendMessage(mixed.id, {
      role: 'user',
      content: textContent('Plan a trip: 上海 to 杭州 by train, then the borrow of a bike.'),
    });
  });
  afterEach(() => temp.cleanup());

  it('uses FTS5 with the trigram tokenizer on this SQLite', () => {
    expect(store.searchMode).toBe('fts5');
  });

  it('finds English words case-insensitively, with marked snippets', () => {
    const results = store.search('borrow checker');
    expect(titles(results)).toEqual(['Rust lifetimes']);
    const [rust] = results;
    expect(rust?.title).toBeNull();
    expect(rust?.snippets.map((s) => marked(s.parts))).toEqual([
      'Why does the [Borrow] [Checker] reject this closure?',
    ]);
    // Every term must match; "borrow" alone also finds the travel plan.
    expect(titles(store.search('BORROW'))).toEqual(['Travel', 'Rust lifetimes']);
  });

  it('finds Chinese substrings, including two-character words', () => {
    expect(titles(store.search('颐和园'))).toEqual(['天气预报 and plans']);
    const hit = store.search('颐和园')[0];
    expect(hit?.snippets).toHaveLength(2);
    expect(hit?.snippets.map((s) => marked(s.parts))).toEqual([
      '北京今天晴，气温二十度，适合去[颐和园]。',
      '今天北京的天气怎么样？我想去[颐和园]散步。',
    ]);
    // Shorter than a trigram: answered by LIKE, still marked.
    const short = store.search('天气');
    expect(titles(short)).toEqual(['天气预报 and plans']);
    expect(marked(short[0]?.title ?? null)).toBe('[天气]预报 and plans');
    expect(titles(store.search('杭州'))).toEqual(['Travel']);
    // A mixed query: an indexed term and a short one.
    expect(titles(store.search('train 杭州'))).toEqual(['Travel']);
    expect(store.search('train 北京')).toEqual([]);
  });

  it('matches titles, and follows renames and deletes', () => {
    const byTitle = store.search('lifetimes');
    expect(titles(byTitle)).toEqual(['Rust lifetimes']);
    expect(marked(byTitle[0]?.title ?? null)).toBe('Rust [lifetimes]');
    const rust = byTitle[0]?.conversation.id ?? '';
    store.renameConversation(rust, 'Ownership questions');
    expect(store.search('lifetimes')).toEqual([]);
    expect(titles(store.search('ownership'))).toEqual(['Ownership questions']);
    store.deleteConversation(rust);
    expect(store.search('closure')).toEqual([]);
    expect(store.checkIntegrity()).toEqual([]);
  });

  it('ignores tool inputs and text still streaming, and indexes a message once it ends', () => {
    expect(store.search('invisible')).toEqual([]);
    const { id } = store.createConversation({ title: 'Live' });
    const live = store.beginAssistantMessage(id).id;
    store.appendDelta(live, 0, 'serendipity arrives');
    store.flush();
    expect(store.search('serendipity')).toEqual([]);
    store.finishMessage(live, { status: 'complete' });
    expect(titles(store.search('serendipity'))).toEqual(['Live']);
  });

  it('answers any text, control characters included, with results or none', () => {
    // NUL ended the FTS query string inside SQLite ("unterminated string"): INTERNAL.
    expect(titles(store.search('borrow\u0000checker'))).toEqual(['Rust lifetimes']);
    expect(titles(store.search('\u0000lifetimes\u0001'))).toEqual(['Rust lifetimes']);
    expect(store.search('\u0000')).toEqual([]);
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = [
      '\u0000',
      '\u0001',
      '\u001f',
      '\u007f',
      '\u0085',
      '"',
      "'",
      '%',
      '_',
      '\\',
      '*',
      '(',
      ')',
      ':',
      '^',
      '-',
      'a',
      'b',
      '颐',
      '\ud83d\ude00',
      ' ',
      '\t',
      '\n',
      'NEAR',
      'AND',
    ];
    for (let i = 0; i < 300; i++) {
      const length = 1 + Math.floor(next() * 12);
      const query = Array.from(
        { length },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      expect(() => store.search(query), JSON.stringify(query)).not.toThrow();
    }
  });

  it('treats query syntax as text, and empty queries find nothing', () => {
    const { id } = store.createConversation({ title: 'Syntax' });
    store.appendMessage(id, {
      role: 'user',
      content: textContent('use "quotes" AND NEAR(a b) 100%_done'),
    });
    expect(store.search('')).toEqual([]);
    expect(store.search('   ')).toEqual([]);
    expect(titles(store.search('NEAR(a'))).toEqual(['Syntax']);
    expect(titles(store.search('100%_'))).toEqual(['Syntax']);
    expect(titles(store.search('"quotes" AND'))).toEqual(['Syntax']);
    expect(store.search('_%')).toEqual([]);
  });

  it('can leave archived conversations out and limits snippets per conversation', () => {
    const { id } = store.createConversation({ title: 'Archive me' });
    for (let i = 0; i < 5; i += 1) {
      store.appendMessage(id, { role: 'user', content: textContent(`needle number ${i}`) });
    }
    store.updateConversation(id, { archived: true });
    const all = store.search('needle', { snippetsPerConversation: 2 });
    expect(titles(all)).toEqual(['Archive me']);
    expect(all[0]?.snippets.map((s) => s.ordinal)).toEqual([4, 3]);
    expect(store.search('needle', { includeArchived: false })).toEqual([]);
  });

  it('gives the same answers in LIKE mode (SQLite builds without FTS5)', () => {
    // Searching through the store indexes queued messages first; this reads the index directly.
    expect(store.checkIntegrity()).toEqual([]);
    const db = (store as unknown as { db: Parameters<typeof searchConversations>[0] }).db;
    for (const query of [
      'borrow checker',
      '颐和园',
      '天气',
      'lifetimes',
      'train 杭州',
      'invisible',
    ]) {
      const like = searchConversations(db, 'like', query);
      const fts = searchConversations(db, 'fts5', query);
      expect(like.map((r) => [r.conversation.id, r.title, r.snippets])).toEqual(
        fts.map((r) => [r.conversation.id, r.title, r.snippets]),
      );
    }
  });
});
