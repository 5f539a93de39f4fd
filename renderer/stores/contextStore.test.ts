import { describe, expect, it } from 'vitest';
import { deferred, scriptedClient, settle } from '../testing/scriptedClient';
import { createContextStore } from './contextStore';
import { resourceDraft, resourceKey } from './draftAttachments';

const readme = (at = 1) => resourceDraft('s', { uri: 'x://readme', name: 'README' }, at);
const notes = (at = 1) => resourceDraft('s', { uri: 'x://notes', name: 'notes' }, at);

describe('context store', () => {
  it('asks for watched resources once, not at creation', async () => {
    const host = scriptedClient((name) =>
      name === 'mcp.listSubscriptions'
        ? { subscriptions: [{ server: 's', uri: 'x://readme', changedAt: 5 }] }
        : {},
    );
    const store = createContextStore(host.client);
    expect(host.calls).toEqual([]);
    await store.getState().ensureSubscriptions();
    await store.getState().ensureSubscriptions();
    expect(host.callsOf('mcp.listSubscriptions')).toHaveLength(1);
    expect(store.getState().subscriptions[resourceKey('s', 'x://readme')]?.changedAt).toBe(5);
  });

  it('records when a watched resource changed, from the event', async () => {
    const host = scriptedClient(() => ({}));
    const store = createContextStore(host.client);
    await store.getState().watch('s', 'x://readme');
    expect(host.callsOf('mcp.subscribeResource')).toEqual([{ server: 's', uri: 'x://readme' }]);
    host.emit('mcp.resourceUpdated', { server: 's', uri: 'x://readme', at: 42 });
    expect(store.getState().subscriptions[resourceKey('s', 'x://readme')]).toEqual({
      server: 's',
      uri: 'x://readme',
      changedAt: 42,
    });
    await store.getState().unwatch('s', 'x://readme');
    expect(store.getState().subscriptions).toEqual({});
  });

  it('reports a refused watch without marking the resource watched', async () => {
    const host = scriptedClient(() => {
      throw new Error('Server does not support subscriptions');
    });
    const store = createContextStore(host.client);
    const result = await store.getState().watch('s', 'x://readme');
    expect(result).toMatchObject({ ok: false, error: { message: /subscriptions/ } });
    expect(store.getState().subscriptions).toEqual({});
  });

  it('takes the draft for sending and puts it back, first, when the send fails', () => {
    const store = createContextStore(scriptedClient(() => ({})).client);
    store.getState().attach([readme()]);
    const taken = store.getState().takeDraft();
    expect(store.getState().draft).toEqual([]);
    store.getState().attach([notes()]);
    store.getState().restoreDraft(taken);
    expect(store.getState().draft.map((a) => a.name)).toEqual(['README', 'notes']);
  });

  it('re-attaching refreshes an attachment already there instead of refusing it', () => {
    const store = createContextStore(scriptedClient(() => ({})).client);
    store.getState().attach([readme(1)]);
    expect(store.getState().attach([readme(2)])).toBe(false);
    expect(store.getState().refusal).toBe('duplicate');
    store.getState().reattach(readme(9));
    expect(store.getState().draft.map((a) => a.addedAt)).toEqual([9]);
    expect(store.getState().refusal).toBeNull();
  });

  it('keeps the last list while refreshing, and refreshes a shown list on list changes', async () => {
    const second = deferred<unknown>();
    let calls = 0;
    const host = scriptedClient((name) => {
      if (name !== 'mcp.listAllResources') return {};
      calls++;
      return calls === 1
        ? { servers: [{ server: 's', resources: [], templates: [] }] }
        : second.promise;
    });
    const store = createContextStore(host.client);
    await store.getState().loadResources();
    host.emit('mcp.listChanged', { server: 's', list: 'resources' });
    await settle();
    expect(store.getState().resources?.state).toBe('ready');
    second.resolve({ servers: [] });
    await settle();
    expect(store.getState().resources).toEqual({ state: 'ready', value: [] });
    // Prompts were never shown: nothing to refresh.
    host.emit('mcp.listChanged', { server: 's', list: 'prompts' });
    expect(host.callsOf('mcp.listAllPrompts')).toEqual([]);
  });

  it('gives completions as values, and none when the server fails', async () => {
    let fail = false;
    const host = scriptedClient((name) => {
      if (name !== 'mcp.complete') return {};
      if (fail) throw new Error('no completions');
      return { values: ['Alice', 'Bob'] };
    });
    const store = createContextStore(host.client);
    const ref = { type: 'ref/prompt', name: 'p' } as const;
    expect(await store.getState().complete('s', ref, { name: 'n', value: '' }, {})).toEqual([
      'Alice',
      'Bob',
    ]);
    expect(host.callsOf('mcp.complete')).toEqual([
      { server: 's', ref, argument: { name: 'n', value: '' } },
    ]);
    fail = true;
    expect(
      await store.getState().complete('s', ref, { name: 'n', value: 'x' }, { d: 'Sales' }),
    ).toEqual([]);
    expect(host.callsOf('mcp.complete').at(-1)).toMatchObject({
      context: { arguments: { d: 'Sales' } },
    });
  });
});
