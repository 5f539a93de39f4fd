import { describe, expect, it } from 'vitest';
import type { RequestOutput } from '../../shared/ipc/contract';
import { conversation } from '../testing/chatFixtures';
import { deferred, scriptedClient, settle } from '../testing/scriptedClient';
import { conversationLabel } from './conversationsReducers';
import { createConversationsStore } from './conversationsStore';

type List = RequestOutput<'conversation.list'>;
const ids = (list: { id: string }[]): string[] => list.map((c) => c.id);

describe('conversationsStore', () => {
  it('starts from bootstrap newest first and follows updates and deletions', () => {
    const { client, emit } = scriptedClient(() => undefined);
    const store = createConversationsStore(client, [
      conversation('a', { updatedAt: 1 }),
      conversation('b', { updatedAt: 2 }),
    ]);
    expect(ids(store.getState().conversations)).toEqual(['b', 'a']);
    emit('conversation.updated', {
      conversation: conversation('a', { updatedAt: 3, running: true }),
    });
    expect(ids(store.getState().conversations)).toEqual(['a', 'b']);
    expect(store.getState().conversations[0]?.running).toBe(true);
    emit('conversation.updated', { conversation: conversation('c', { updatedAt: 4 }) });
    emit('conversation.deleted', { id: 'b' });
    expect(ids(store.getState().conversations)).toEqual(['c', 'a']);
  });

  it('searches through main; only the newest query’s answer lands', async () => {
    const answers: Record<string, ReturnType<typeof deferred<List>>> = {
      pa: deferred<List>(),
      par: deferred<List>(),
    };
    const { client, callsOf } = scriptedClient(
      (_n, input) => answers[(input as { query: string }).query]?.promise,
    );
    const store = createConversationsStore(client, [], { searchDelayMs: 0 });
    store.getState().setQuery('pa');
    store.getState().setQuery('par ');
    answers.par?.resolve({ conversations: [conversation('x', { snippet: '…Paris…' })] });
    await settle();
    answers.pa?.resolve({ conversations: [conversation('y')] });
    await settle();
    expect(callsOf('conversation.list')).toEqual([{ query: 'pa' }, { query: 'par' }]);
    const results = store.getState().results;
    expect(results?.state === 'ready' && ids(results.value)).toEqual(['x']);
    store.getState().setQuery('  ');
    expect(store.getState().results).toBeNull();
  });

  it('keeps search results in step with renames and deletions', async () => {
    const { client, emit } = scriptedClient(() => ({
      conversations: [conversation('x', { snippet: 'hit' }), conversation('y')],
    }));
    const store = createConversationsStore(client, [], { searchDelayMs: 0 });
    store.getState().setQuery('hit');
    await settle();
    emit('conversation.updated', { conversation: conversation('x', { title: 'Renamed' }) });
    emit('conversation.deleted', { id: 'y' });
    const results = store.getState().results;
    expect(results?.state === 'ready' && results.value).toEqual([
      conversation('x', { title: 'Renamed', snippet: 'hit' }),
    ]);
  });

  it('creates, renames and deletes through main', async () => {
    const { client, callsOf } = scriptedClient((name) => {
      if (name === 'conversation.create') return conversation('n', { updatedAt: 9 });
      if (name === 'conversation.rename')
        return conversation('n', { title: 'Plans', updatedAt: 10 });
      return {};
    });
    const store = createConversationsStore(client, [conversation('a', { updatedAt: 1 })]);
    const created = await store.getState().create();
    expect(created.ok && created.conversation.id).toBe('n');
    await store.getState().rename('n', 'Plans');
    expect(store.getState().conversations[0]?.title).toBe('Plans');
    await store.getState().remove('n');
    expect(ids(store.getState().conversations)).toEqual(['a']);
    expect(callsOf('conversation.rename')).toEqual([{ id: 'n', title: 'Plans' }]);
    expect(callsOf('conversation.delete')).toEqual([{ id: 'n' }]);
  });

  it('names an untitled conversation by its last message', () => {
    expect(conversationLabel({ title: '', preview: 'What is MCP?' })).toBe('What is MCP?');
    expect(conversationLabel({ title: 'Plans', preview: 'x' })).toBe('Plans');
  });
});
