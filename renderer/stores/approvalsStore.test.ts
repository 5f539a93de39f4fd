import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../shared/errors';
import { approvalRequest, grant } from '../testing/chatFixtures';
import { deferred, scriptedClient } from '../testing/scriptedClient';
import { createApprovalsStore } from './approvalsStore';

const ids = (list: { id: string }[]): string[] => list.map((r) => r.id);

describe('approvalsStore', () => {
  it('queues requests oldest first from bootstrap and events; a resolution removes one', () => {
    const { client, emit } = scriptedClient(() => ({}));
    const store = createApprovalsStore(client, [approvalRequest('b', { createdAt: 2 })]);
    emit('approvals.requested', { request: approvalRequest('a', { createdAt: 1 }) });
    emit('approvals.requested', { request: approvalRequest('a', { createdAt: 1 }) });
    expect(ids(store.getState().pending)).toEqual(['a', 'b']);
    emit('approvals.resolved', {
      requestId: 'a',
      outcome: { kind: 'allowed', decidedBy: 'grant', scope: 'always', reason: 'grant' },
    });
    expect(ids(store.getState().pending)).toEqual(['b']);
  });

  it('answers once, and keeps the request with its error when the answer fails', async () => {
    const answer = deferred<unknown>();
    let fail = false;
    const { client, callsOf } = scriptedClient(() => {
      if (fail) throw new AppError(AppErrorCode.Internal, 'broken');
      return answer.promise;
    });
    const store = createApprovalsStore(client, [approvalRequest('r1'), approvalRequest('r2')]);
    const first = store.getState().respond('r1', { kind: 'deny', reason: 'no' });
    void store.getState().respond('r1', { kind: 'allow', scope: 'once' });
    expect(store.getState().responding.r1).toBe(true);
    answer.resolve({});
    expect(await first).toEqual({ ok: true });
    expect(callsOf('approvals.respond')).toEqual([
      { requestId: 'r1', decision: { kind: 'deny', reason: 'no' } },
    ]);
    expect(ids(store.getState().pending)).toEqual(['r2']);
    fail = true;
    const failed = await store.getState().respond('r2', { kind: 'allow', scope: 'always' });
    expect(failed.ok).toBe(false);
    expect(ids(store.getState().pending)).toEqual(['r2']);
    expect(store.getState().errors.r2?.message).toBe('broken');
  });

  it('treats a request settled elsewhere as done', async () => {
    const { client } = scriptedClient(() => {
      throw new AppError(AppErrorCode.NotFound, 'No pending request');
    });
    const store = createApprovalsStore(client, [approvalRequest('r1')]);
    expect(await store.getState().respond('r1', { kind: 'allow', scope: 'once' })).toEqual({
      ok: true,
    });
    expect(store.getState().pending).toEqual([]);
  });

  it('lists grants, revokes one, and follows grantsChanged', async () => {
    const { client, emit, callsOf } = scriptedClient((name) =>
      name === 'approvals.listGrants' ? { grants: [grant('g1'), grant('g2')] } : {},
    );
    const store = createApprovalsStore(client, []);
    await store.getState().loadGrants();
    await store.getState().revoke('g1');
    expect(callsOf('approvals.revokeGrant')).toEqual([{ id: 'g1' }]);
    const grants = store.getState().grants;
    expect(grants?.state === 'ready' && ids(grants.value)).toEqual(['g2']);
    emit('approvals.grantsChanged', { grants: [grant('g3')] });
    const changed = store.getState().grants;
    expect(changed?.state === 'ready' && ids(changed.value)).toEqual(['g3']);
  });
});
