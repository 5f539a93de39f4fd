import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import type { ConversationStore } from './ConversationStore';
import { TempStoreDir } from './testing/TempStoreDir';

describe('ConversationStore: tool search per conversation', () => {
  let temp: TempStoreDir;
  let store: ConversationStore;
  beforeEach(() => {
    temp = new TempStoreDir();
    store = temp.open();
  });
  afterEach(() => temp.cleanup());

  it('follows the settings and loads nothing until told otherwise', () => {
    const { id } = store.createConversation();
    expect(store.getToolSearch(id)).toEqual({ mode: 'default', loaded: [] });
  });

  it('keeps the choice and the loaded tools, and forgets them with the conversation', () => {
    const { id } = store.createConversation();
    store.setToolSearch(id, { mode: 'on', loaded: ['github__create_issue'] });
    store.setToolSearch(id, { mode: 'off', loaded: ['github__create_issue', 'slack__post'] });
    expect(store.getToolSearch(id)).toEqual({
      mode: 'off',
      loaded: ['github__create_issue', 'slack__post'],
    });
    store.deleteConversation(id);
    expect(store.getToolSearch(id)).toEqual({ mode: 'default', loaded: [] });
  });

  it('what is kept in memory matches the file, across a re-created id and a reopen', () => {
    const { id } = store.createConversation({ id: 'c1' });
    const got = store.getToolSearch(id);
    got.loaded.push('changed__by_caller');
    expect(store.getToolSearch(id)).toEqual({ mode: 'default', loaded: [] });
    store.setToolSearch(id, { mode: 'on', loaded: ['a__b'] });
    store.deleteConversation(id);
    store.createConversation({ id: 'c1' });
    expect(store.getToolSearch('c1')).toEqual({ mode: 'default', loaded: [] });
    store.setToolSearch('c1', { mode: 'off', loaded: ['x__y'] });
    store.close();
    store = temp.open();
    expect(store.getToolSearch('c1')).toEqual({ mode: 'off', loaded: ['x__y'] });
  });

  it('refuses a conversation that does not exist', () => {
    expect(() => store.setToolSearch('nope', { mode: 'on', loaded: [] })).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
  });

  it('reads the newest usage of a conversation with the tools its request carried', () => {
    const { id } = store.createConversation();
    expect(store.getLastUsage(id)).toBeUndefined();
    const tools = { loading: 'search', sent: 3, deferred: 3000, tokens: 900 } as const;
    store.appendMessage(id, { role: 'user', content: [{ type: 'text', text: 'hi' }] });
    store.appendMessage(id, {
      role: 'assistant',
      content: [{ type: 'text', text: 'one' }],
      usage: { input: 10, output: 2, cacheRead: 0, cacheWrite: 0 },
    });
    store.appendMessage(id, {
      role: 'assistant',
      content: [{ type: 'text', text: 'two' }],
      usage: { input: 20, output: 4, cacheRead: 5, cacheWrite: 1, tools },
    });
    expect(store.getLastUsage(id)).toEqual({
      input: 20,
      output: 4,
      cacheRead: 5,
      cacheWrite: 1,
      tools,
    });
  });
});
