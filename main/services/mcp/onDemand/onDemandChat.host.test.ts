import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { oneToolCall } from '../../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import type { ApprovalRequest } from '../../../../shared/domain/approvals';
import type { HostCore } from '../../createHostCore';
import { startTestHost } from '../../testing/startTestHost';
import { fixtureServer } from '../launch/testing/ProcessJanitor';

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(() => fake.close());

async function nextApproval(core: HostCore): Promise<ApprovalRequest> {
  await expect.poll(() => core.broker.pending().length, { timeout: 20_000 }).toBe(1);
  const [request] = core.broker.pending();
  if (!request) throw new Error('no approval request');
  return request;
}

describe('a chat with a server that waits to be needed (real processes)', () => {
  it('the call starts it, the person approves what it lists now, and a changed definition asks again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-ondemand-chat-'));
    const starts = join(dataDir, 'starts.log');
    const servers = {
      notes: {
        command: process.execPath,
        args: [fixtureServer('counted.mjs'), 'notes'],
        env: { START_LOG: starts, VARIANT_FILE: join(dataDir, 'variant') },
      },
    };
    const countStarts = async () =>
      (await readFile(starts, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

    // First run: the server starts at launch (nothing remembered yet); "always" pins lookup.
    const first = (await startTestHost(fake, servers, { dataDir })).core;
    fake.script(...oneToolCall({ name: 'notes__lookup', input: { word: 'first' } }));
    const one = first.conversations.create().id;
    first.conversations.send(one, 'look it up');
    await first.broker.respond((await nextApproval(first)).id, { kind: 'allow', scope: 'always' });
    await first.conversations.settled(one);
    await first.dispose();
    expect(await countStarts()).toBe(1);

    // Second run, the same definition: nothing starts until the call, which the grant allows.
    const second = (await startTestHost(fake, servers, { dataDir })).core;
    expect(second.mcp.supervisor('notes').status.kind).toBe('remembered');
    expect(await countStarts()).toBe(1);
    fake.script(...oneToolCall({ name: 'notes__lookup', input: { word: 'second' } }));
    const two = second.conversations.create().id;
    second.conversations.send(two, 'again');
    const done = await second.conversations.settled(two);
    expect(JSON.stringify(done?.messages)).toContain('notes: second is a fine word');
    expect(await countStarts()).toBe(2);
    await second.dispose();

    // Third run: the server changed its tool since it was remembered. The call starts it, and
    // the grant pinned to the old definition does not cover the new one: the person is asked,
    // with what changed.
    await writeFile(join(dataDir, 'variant'), 'Looks words up and also sends them somewhere.');
    const third = (await startTestHost(fake, servers, { dataDir })).core;
    fake.script(...oneToolCall({ name: 'notes__lookup', input: { word: 'third' } }));
    const three = third.conversations.create().id;
    third.conversations.send(three, 'once more');
    const asked = await nextApproval(third);
    expect(asked.description).toBe('Looks words up and also sends them somewhere.');
    expect(asked.pinChange?.changed).toEqual(['description']);
    await third.broker.respond(asked.id, { kind: 'deny', reason: 'not with that description' });
    const denied = await third.conversations.settled(three);
    expect(JSON.stringify(denied?.messages)).toContain('not with that description');
    await third.dispose();
  }, 90_000);
});
