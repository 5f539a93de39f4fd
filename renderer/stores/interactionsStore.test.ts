import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../shared/errors';
import { formInteraction, samplingInteraction } from '../features/interactions/interactionFixtures';
import { scriptedClient } from '../testing/scriptedClient';
import { fieldErrorsOf } from './fieldErrorsOf';
import { queued } from './interactionsReducers';
import { createInteractionsStore } from './interactionsStore';

describe('interactionsStore', () => {
  it('keeps the list oldest first, replaces by id, and drops resolved ones', () => {
    const host = scriptedClient(() => ({}));
    const store = createInteractionsStore(host.client, [
      formInteraction('b', { createdAt: 2 }),
      formInteraction('a', { createdAt: 1 }),
    ]);
    expect(store.getState().pending.map((i) => i.id)).toEqual(['a', 'b']);
    host.emit('interactions.changed', {
      interaction: samplingInteraction('a', { createdAt: 1, stage: 'generating' }),
    });
    expect(store.getState().pending.map((i) => [i.id, i.kind])).toEqual([
      ['a', 'sampling'],
      ['b', 'elicitation-form'],
    ]);
    host.emit('interactions.resolved', { id: 'a', outcome: 'approved' });
    expect(store.getState().pending.map((i) => i.id)).toEqual(['b']);
    expect(store.getState().notices).toEqual([]);
    host.emit('interactions.resolved', { id: 'b', outcome: 'withdrawn' });
    expect(store.getState().notices).toEqual([
      { id: 'b', server: 'everything', kind: 'withdrawn' },
    ]);
  });

  it('refusals of a flooding server become one notice with a count', () => {
    const host = scriptedClient(() => ({}));
    const store = createInteractionsStore(host.client, []);
    for (let i = 0; i < 3; i++) {
      host.emit('interactions.refused', { server: 'noisy', kind: 'sampling', limit: 5 });
    }
    host.emit('interactions.refused', { server: 'other', kind: 'elicitation', limit: 5 });
    expect(store.getState().notices).toEqual([
      { id: 'refused:noisy', server: 'noisy', kind: 'refused', count: 3 },
      { id: 'refused:other', server: 'other', kind: 'refused', count: 1 },
    ]);
    store.getState().dismissNotice('refused:noisy');
    host.emit('interactions.refused', { server: 'noisy', kind: 'sampling', limit: 5 });
    expect(store.getState().notices.map((n) => n.id)).toEqual(['refused:other', 'refused:noisy']);
  });

  it('an answer to something already settled elsewhere just drops it', async () => {
    const host = scriptedClient(() => {
      throw new AppError(AppErrorCode.NotFound, 'No such interaction');
    });
    const store = createInteractionsStore(host.client, [formInteraction('e1')]);
    expect(await store.getState().respondElicitation('e1', { action: 'decline' })).toEqual({
      ok: true,
    });
    expect(store.getState().pending).toEqual([]);
  });

  it('resync replaces the list with main’s', async () => {
    const host = scriptedClient((name) =>
      name === 'interactions.pending' ? { interactions: [formInteraction('new')] } : {},
    );
    const store = createInteractionsStore(host.client, [formInteraction('old')]);
    store.getState().showQueue('old');
    await store.getState().resync();
    expect(store.getState().pending.map((i) => i.id)).toEqual(['new']);
    expect(store.getState().openId).toBeNull();
  });
});

describe('interactionsReducers', () => {
  it('reads per-field messages in both shapes main may send', () => {
    expect(
      fieldErrorsOf({
        fields: { age: 'Too young', x: 1 },
        fieldTexts: { age: { key: 'validation.tooSmall', params: { minimum: 18 } } },
      }),
    ).toEqual({
      age: { message: 'Too young', text: { key: 'validation.tooSmall', params: { minimum: 18 } } },
    });
    expect(
      fieldErrorsOf({
        issues: [
          { path: 'response.content.email', message: 'Not an email' },
          { path: ['content', 'age'], message: 'Too old' },
          { field: 'name', message: 'Required', text: { key: 'validation.required' } },
        ],
      }),
    ).toEqual({
      email: { message: 'Not an email' },
      age: { message: 'Too old' },
      name: { message: 'Required', text: { key: 'validation.required' } },
    });
    expect(fieldErrorsOf('nope')).toEqual({});
  });

  it('queues what is not shown in the open conversation', () => {
    const list = [
      formInteraction('a', { origin: { conversationId: 'c1' } }),
      formInteraction('b', { origin: { conversationId: 'c2' } }),
      formInteraction('c'),
    ];
    expect(queued(list, 'c1').map((i) => i.id)).toEqual(['b', 'c']);
    expect(queued(list, null).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });
});
