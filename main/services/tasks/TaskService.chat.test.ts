import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  lastUserText,
  message,
  text,
  toolUse,
} from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { TaskView } from '../../../shared/domain/tasks';
import type { HostCore, HostCoreOptions } from '../createHostCore';
import { fixtureServer } from '../mcp/testing/McpHarness';
import { startTestHost } from '../testing/startTestHost';
import { useTestHosts } from '../testing/useTestHosts';

const fixture = useTestHosts(startTestHost);

/** The 2026-07-28 tasks fixture, its tasks durable in `dir` (so a restarted host finds them). */
function jobs(dir: string): Record<string, Record<string, unknown>> {
  return {
    jobs: {
      command: process.execPath,
      args: [fixtureServer('modern-v2-tasks.mjs')],
      env: { TASKS_FILE: join(dir, 'server-tasks.json'), TASKS_POLL_MS: '100' },
    },
  };
}

async function start(
  dir: string,
  dataDir?: string,
  interactions?: NonNullable<HostCoreOptions['headless']>['interactions'],
): Promise<HostCore> {
  const host = await fixture.start(jobs(dir), {
    options: { headless: { policy: 'all', ...(interactions ? { interactions } : {}) } },
    ...(dataDir ? { dataDir } : {}),
  });
  return host.core;
}

const taskOf = (core: HostCore, conversationId: string): TaskView | undefined =>
  core.tasks.service.list().find((t) => t.conversationId === conversationId);

describe('chat tool calls that run as tasks', () => {
  it('the turn waits for the task (status in the Tasks list) and goes on with its result', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-tasks-'));
    const core = await start(dir);
    fixture.fake.script(
      message([text('Researching.'), toolUse('jobs__research', { topic: 'tides', seconds: 1 })]),
      (request) => message(`Done: ${lastUserText(request.body)}`),
    );
    const { id } = core.conversations.create();
    core.conversations.send(id, 'Research tides');
    await expect.poll(() => taskOf(core, id)?.status).toBe('working');
    expect(taskOf(core, id)).toMatchObject({
      server: 'jobs',
      tool: 'research',
      origin: 'chat',
      delivery: 'turn',
      following: true,
    });
    const result = await core.conversations.settled(id);
    expect(result?.stop.reason).toBe('end_turn');
    expect(lastUserText(fixture.fake.messageRequests[1]?.body)).toBe(
      'Research report on tides: 3 stages done.',
    );
    expect(taskOf(core, id)).toMatchObject({ status: 'completed', delivery: 'delivered' });
    expect(core.conversations.get(id).toolCalls[0]?.status).toBe('done');
  });

  it('a task that asks mid-way (tasks/update): the form and the sampling go through the interaction broker', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-tasks-'));
    const core = await start(dir, undefined, {
      elicit: { kind: 'answers', answers: { reading: 'technical' } },
      sampling: 'approve',
    });
    fixture.fake.script(
      message([
        toolUse('jobs__research', { topic: 'tides', seconds: 0.6, ask: true, sample: true }),
      ]),
      message('Tides follow the moon.'),
      (request) => message(`Report: ${lastUserText(request.body)}`),
    );
    const { id } = core.conversations.create();
    core.conversations.send(id, 'Research tides, ask me');
    await core.conversations.settled(id);
    expect(lastUserText(fixture.fake.messageRequests[2]?.body)).toMatch(
      /^Research report on tides \(technical\): 3 stages done\.\nSummary from \S+: Tides follow the moon\.$/,
    );
    expect(JSON.stringify(fixture.fake.messageRequests[1]?.body)).toContain(
      'Summarize research on tides',
    );
  });

  it('Cancel (tasks.cancel) cancels the task on the server; the model reads that it was cancelled', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-tasks-'));
    const core = await start(dir);
    fixture.fake.script(
      message([toolUse('jobs__research', { topic: 'slow', seconds: 30 })]),
      (request) => message(`Noted: ${lastUserText(request.body)}`),
    );
    const { id } = core.conversations.create();
    core.conversations.send(id, 'Research slowly');
    await expect.poll(() => taskOf(core, id)?.following).toBe(true);
    await core.handlers['tasks.cancel']({ id: taskOf(core, id)?.id ?? '' });
    await core.conversations.settled(id);
    await expect.poll(() => taskOf(core, id)?.status).toBe('cancelled');
    expect(lastUserText(fixture.fake.messageRequests[1]?.body)).toContain('cancelled');
  });

  it('stopping the turn leaves the task running; its result is delivered into the conversation later', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-tasks-'));
    const core = await start(dir);
    fixture.fake.script(
      message([toolUse('jobs__research', { topic: 'comets', seconds: 1.5 })]),
      (request) => message(`Late result seen: ${lastUserText(request.body)}`),
    );
    const { id } = core.conversations.create();
    core.conversations.send(id, 'Research comets');
    await expect.poll(() => taskOf(core, id)?.following).toBe(true);
    await core.conversations.stop(id);
    expect(taskOf(core, id)).toMatchObject({ status: 'working', delivery: 'pending' });
    await expect.poll(() => taskOf(core, id)?.delivery, { timeout: 10_000 }).toBe('delivered');
    await core.tasks.delivery()?.idle();
    await core.conversations.settled(id);
    const messages = core.conversations.get(id).messages;
    expect(JSON.stringify(messages.at(-2)?.content)).toContain(
      'The research task on jobs, started earlier in this conversation, finished. Its result:',
    );
    expect(JSON.stringify(messages.at(-1)?.content)).toContain('Late result seen:');
    expect(lastUserText(fixture.fake.messageRequests[1]?.body)).toContain(
      'Research report on comets: 3 stages done.',
    );
    expect(core.conversations.get(id).toolCalls[0]?.status).toBe('done');
  });

  it('a restart of the host mid-task: the next one follows it again and delivers the result', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-tasks-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-tasks-data-'));
    const first = await start(dir, dataDir);
    fixture.fake.script(
      // Long enough to outlast a host's stop and start on a loaded machine.
      message([toolUse('jobs__research', { topic: 'orbits', seconds: 6 })]),
      (request) => message(`After restart: ${lastUserText(request.body)}`),
    );
    const { id } = first.conversations.create();
    first.conversations.send(id, 'Research orbits');
    await expect.poll(() => taskOf(first, id)?.following).toBe(true);
    const host = fixture.hosts.find((h) => h.core === first);
    if (host) await fixture.stop(host);

    const second = await start(dir, dataDir);
    expect(taskOf(second, id)?.status).toBe('working');
    await expect.poll(() => taskOf(second, id)?.delivery, { timeout: 10_000 }).toBe('delivered');
    await second.tasks.delivery()?.idle();
    await second.conversations.settled(id);
    // The first host stopped its turn on the way out; the result came in as a later message.
    const last = JSON.stringify(second.conversations.get(id).messages.at(-1)?.content);
    expect(last).toContain('After restart:');
    expect(last).toContain(
      'The research task on jobs, started earlier in this conversation, finished. Its result:\\nResearch report on orbits: 3 stages done.',
    );
    expect(second.tasks.service.get(taskOf(second, id)?.id ?? '')?.status).toBe('completed');
  });

  it('an expired task says so, in the Tasks list and to the model', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-tasks-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-tasks-data-'));
    const first = await start(dir, dataDir);
    fixture.fake.script(message([toolUse('jobs__fleeting', { seconds: 30 })]), (request) =>
      message(`Expiry seen: ${lastUserText(request.body)}`),
    );
    const { id } = first.conversations.create();
    first.conversations.send(id, 'Start something fleeting');
    await expect.poll(() => taskOf(first, id)?.following).toBe(true);
    const host = fixture.hosts.find((h) => h.core === first);
    if (host) await fixture.stop(host);
    await new Promise((resolve) => setTimeout(resolve, 1600));

    const second = await start(dir, dataDir);
    await expect.poll(() => taskOf(second, id)?.status, { timeout: 10_000 }).toBe('expired');
    expect(taskOf(second, id)?.error).toContain('no longer knows this task');
    await expect.poll(() => taskOf(second, id)?.delivery).toBe('delivered');
    await second.tasks.delivery()?.idle();
    await second.conversations.settled(id);
    expect(JSON.stringify(second.conversations.get(id).messages.at(-1)?.content)).toContain(
      'Expiry seen',
    );
  });
});
