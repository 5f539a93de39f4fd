import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import type { ConversationStore } from './ConversationStore';
import { TempStoreDir } from './testing/TempStoreDir';

describe('ConversationStore grants', () => {
  let temp: TempStoreDir;
  let store: ConversationStore;

  beforeEach(() => {
    temp = new TempStoreDir();
    store = temp.open();
  });
  afterEach(() => temp.cleanup());

  it('saves grants per tool and reach; saving again re-pins the same grant', () => {
    const chat = store.createConversation().id;
    const always = store.saveGrant({
      server: 'files',
      tool: 'read',
      scope: 'always',
      pinHash: 'v1',
    });
    const forChat = store.saveGrant({
      server: 'files',
      tool: 'read',
      scope: 'conversation',
      conversationId: chat,
      pinHash: 'v1',
    });
    expect(forChat).toMatchObject({
      scope: 'conversation',
      conversationId: chat,
      suspended: false,
    });
    const again = store.saveGrant({
      server: 'files',
      tool: 'read',
      scope: 'always',
      pinHash: 'v2',
    });
    expect(again.id).toBe(always.id);
    expect(again.pinHash).toBe('v2');
    expect(store.listGrants()).toHaveLength(2);
    expect(store.listGrants({ conversationId: chat }).map((g) => g.id)).toEqual([forChat.id]);
    expect(store.listGrants({ server: 'other' })).toEqual([]);

    expect(() =>
      store.saveGrant({ server: 'files', tool: 'read', scope: 'conversation', pinHash: 'x' }),
    ).toThrow(expect.objectContaining({ code: AppErrorCode.Validation }));
    expect(() =>
      store.saveGrant({
        server: 'files',
        tool: 'read',
        scope: 'conversation',
        conversationId: 'missing',
        pinHash: 'x',
      }),
    ).toThrow(expect.objectContaining({ code: AppErrorCode.NotFound }));
  });

  it('finds the conversation grant first, then the always grant', () => {
    const chat = store.createConversation().id;
    const other = store.createConversation().id;
    expect(store.findGrant('files', 'read', chat)).toBeUndefined();
    const always = store.saveGrant({
      server: 'files',
      tool: 'read',
      scope: 'always',
      pinHash: 'a',
    });
    const forChat = store.saveGrant({
      server: 'files',
      tool: 'read',
      scope: 'conversation',
      conversationId: chat,
      pinHash: 'c',
    });
    expect(store.findGrant('files', 'read', chat)?.id).toBe(forChat.id);
    expect(store.findGrant('files', 'read', other)?.id).toBe(always.id);
    expect(store.findGrant('files', 'read')?.id).toBe(always.id);
    expect(store.findGrant('files', 'write', chat)).toBeUndefined();
    expect(store.findGrant('web', 'read', chat)).toBeUndefined();
  });

  it('suspends a grant with what changed, reinstates it with the new pin, and revokes it', () => {
    const grant = store.saveGrant({
      server: 'files',
      tool: 'read',
      scope: 'always',
      pinHash: 'v1',
    });
    const change = {
      pinHash: 'v2',
      fields: ['description' as const, 'inputSchema' as const],
      detail: { description: { before: 'Reads', after: 'Reads and uploads' } },
    };
    const suspended = store.suspendGrant(grant.id, change);
    expect(suspended).toMatchObject({ suspended: true, change, pinHash: 'v1' });
    expect(suspended.suspendedAt).toEqual(expect.any(Number));
    // Still found, so the broker can show the diff instead of a plain prompt.
    expect(store.findGrant('files', 'read')).toMatchObject({ suspended: true });

    expect(store.reinstateGrant(grant.id, 'v2')).toMatchObject({
      suspended: false,
      suspendedAt: null,
      change: null,
      pinHash: 'v2',
    });
    expect(store.revokeGrant(grant.id)).toBe(true);
    expect(store.revokeGrant(grant.id)).toBe(false);
    expect(store.findGrant('files', 'read')).toBeUndefined();
    expect(() => store.suspendGrant(grant.id, change)).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
    expect(() => store.reinstateGrant(grant.id, 'v3')).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
  });

  it('saving a suspended grant again reinstates it', () => {
    const grant = store.saveGrant({ server: 's', tool: 't', scope: 'always', pinHash: 'v1' });
    store.suspendGrant(grant.id, { pinHash: 'v2', fields: ['name'] });
    expect(
      store.saveGrant({ server: 's', tool: 't', scope: 'always', pinHash: 'v2' }),
    ).toMatchObject({ id: grant.id, suspended: false, change: null, pinHash: 'v2' });
  });

  it('keeps grants across reopening', () => {
    const grant = store.saveGrant({ server: 's', tool: 't', scope: 'always', pinHash: 'v1' });
    store.close();
    expect(temp.open().getGrant(grant.id)).toEqual(grant);
  });
});
