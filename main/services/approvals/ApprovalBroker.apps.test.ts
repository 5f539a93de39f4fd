import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '../../../shared/domain/approvals';
import { AppErrorCode } from '../../../shared/errors';
import { AppConsentQueue } from '../apps/AppConsentQueue';
import { ApprovalBroker } from './ApprovalBroker';
import type { ApprovalCall, ApprovalTool } from './ApprovalBrokerOptions';
import { JsonGrantRepository } from './JsonGrantRepository';

/** The broker and an App's consent queue together, as AppRequests uses them. */
async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'sb-app-approvals-'));
  const broker = new ApprovalBroker({
    grants: new JsonGrantRepository(join(dir, 'grants.json')),
    isReadOnlyTrusted: () => false,
  });
  const requests: ApprovalRequest[] = [];
  broker.onDidRequest((r) => requests.push(r));
  const waiting: [string, number][] = [];
  const queue = new AppConsentQueue((appId, count) => waiting.push([appId, count]), 3);
  const asked = () => requests.filter((r) => broker.pending().some((p) => p.id === r.id));
  return { broker, requests, waiting, queue, asked };
}

const poke: ApprovalTool = { name: 'poke', inputSchema: { type: 'object' } };

function fromApp(appId: string | undefined, tool: ApprovalTool = poke): ApprovalCall {
  return {
    conversationId: 'c1',
    server: 'apps',
    tool,
    modelName: 'apps__poke',
    arguments: {},
    caller: {
      kind: 'app',
      tool: 'spam',
      resourceUri: 'ui://apps/spam.html',
      ...(appId ? { appId } : {}),
    },
  };
}

describe('App requests in the approval broker', () => {
  it('asks one request of an App at a time and counts the rest; other Apps are not held up', async () => {
    const { broker, waiting, queue, asked } = await setup();
    const turn = (appId: string) => (signal?: AbortSignal) => queue.turn(appId, signal);
    const a = [1, 2, 3].map(() => broker.decide(fromApp('a'), undefined, turn('a')));
    const b = broker.decide(fromApp('b'), undefined, turn('b'));
    await vi.waitFor(() => expect(asked().map((r) => r.caller?.appId)).toEqual(['a', 'b']));
    expect(waiting).toEqual([
      ['a', 1],
      ['a', 2],
    ]);
    await broker.respond(asked()[0]?.id ?? '', { kind: 'allow', scope: 'once' });
    await vi.waitFor(() => expect(waiting.at(-1)).toEqual(['a', 1]));
    expect(asked().map((r) => r.caller?.appId)).toEqual(['b', 'a']);
    // "Allow for this App": what of that App waits for the same tool runs without asking.
    await broker.respond(asked()[1]?.id ?? '', { kind: 'allow', scope: 'app' });
    const outcomes = await Promise.all(a);
    expect(outcomes.map((o) => [o.kind, o.decidedBy])).toEqual([
      ['allowed', 'person'],
      ['allowed', 'person'],
      ['allowed', 'grant'],
    ]);
    expect(outcomes[2]?.reason).toBe('Allowed by the user for this App until it closes.');
    expect(waiting.at(-1)).toEqual(['a', 0]);
    // The other App, and the model, are still asked.
    expect(asked().map((r) => r.caller?.appId)).toEqual(['b']);
    const model = broker.decide({ ...fromApp(undefined), caller: undefined });
    await vi.waitFor(() => expect(asked()).toHaveLength(2));
    broker.dispose();
    expect(await b).toMatchObject({ cancelled: true });
    expect(await model).toMatchObject({ cancelled: true });
  });

  it('holds “for this App” for that App, that tool and its definition, until the App closes', async () => {
    const { broker, queue, asked } = await setup();
    const turn = (signal?: AbortSignal) => queue.turn('a', signal);
    const first = broker.decide(fromApp('a'), undefined, turn);
    await vi.waitFor(() => expect(asked()).toHaveLength(1));
    await broker.respond(asked()[0]?.id ?? '', { kind: 'allow', scope: 'app' });
    expect(await first).toMatchObject({ kind: 'allowed', decidedBy: 'person' });
    expect(await broker.decide(fromApp('a'), undefined, turn)).toMatchObject({
      decidedBy: 'grant',
    });
    // Another tool, or the same tool changed, asks again.
    const other = broker.decide(fromApp('a', { name: 'other', inputSchema: {} }), undefined, turn);
    await vi.waitFor(() => expect(asked()).toHaveLength(1));
    await broker.respond(asked()[0]?.id ?? '', { kind: 'deny' });
    expect(await other).toMatchObject({ kind: 'denied' });
    const changed = broker.decide(
      fromApp('a', { ...poke, description: 'now different' }),
      undefined,
      turn,
    );
    await vi.waitFor(() => expect(asked()[0]?.pinChange?.changed).toEqual(['description']));
    await broker.respond(asked()[0]?.id ?? '', { kind: 'deny' });
    await changed;
    broker.forgetApp('a');
    const after = broker.decide(fromApp('a'), undefined, turn);
    await vi.waitFor(() => expect(asked()).toHaveLength(1));
    await broker.respond(asked()[0]?.id ?? '', { kind: 'deny' });
    await after;
    broker.dispose();
  });

  it('refuses “for this App” for the model’s calls, and more waiting requests than the limit', async () => {
    const { broker, queue, asked } = await setup();
    const model = broker.decide({ ...fromApp(undefined), caller: undefined });
    await vi.waitFor(() => expect(asked()).toHaveLength(1));
    await expect(
      broker.respond(asked()[0]?.id ?? '', { kind: 'allow', scope: 'app' }),
    ).rejects.toMatchObject({ code: AppErrorCode.Validation });
    expect(asked()).toHaveLength(1);
    await broker.respond(asked()[0]?.id ?? '', { kind: 'deny' });
    await model;
    const turn = (signal?: AbortSignal) => queue.turn('a', signal);
    const closing = new AbortController();
    const shown = broker.decide(fromApp('a'), closing.signal, turn);
    const waiting = [1, 2, 3].map(() => broker.decide(fromApp('a'), closing.signal, turn));
    await expect(broker.decide(fromApp('a'), closing.signal, turn)).rejects.toMatchObject({
      code: AppErrorCode.Forbidden,
      message: '3 requests of this App already wait for you; ask again once they are answered.',
    });
    closing.abort();
    const ended = await Promise.all([shown, ...waiting]);
    expect(ended.every((o) => o.kind === 'denied' && o.cancelled)).toBe(true);
  });

  it('lets a waiting request go when its App closes (aborted: cancelled, never asked)', async () => {
    const { broker, queue, asked, waiting } = await setup();
    const controller = new AbortController();
    const turn = (signal?: AbortSignal) => queue.turn('a', signal);
    const shown = broker.decide(fromApp('a'), controller.signal, turn);
    const queued = broker.decide(fromApp('a'), controller.signal, turn);
    await vi.waitFor(() => expect(waiting.at(-1)).toEqual(['a', 1]));
    controller.abort();
    expect(await queued).toMatchObject({ kind: 'denied', cancelled: true });
    expect(await shown).toMatchObject({ kind: 'denied', cancelled: true });
    expect(waiting.at(-1)).toEqual(['a', 0]);
    expect(asked()).toEqual([]);
    expect(queue.waiting('a')).toBe(0);
  });
});
