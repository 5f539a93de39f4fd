import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../../shared/domain/tasks';
import {
  everything,
  startInteractionHost,
  type InteractionHost,
} from '../interactions/testing/startInteractionHost';
import { useTestHosts } from '../testing/useTestHosts';

const fixture = useTestHosts(startInteractionHost);

/** What the Tasks list gets (`tasks.list` and the bootstrap snapshot). */
function listed(h: InteractionHost): TaskView[] {
  return h.core.tasks.list();
}

describe('client-side tasks in the Tasks list (server-everything)', () => {
  it('trigger-elicitation-request-async: listed while it waits for the person, linked to the form, then completed', async () => {
    const h = await fixture.start({ everything });
    const answer = h.call('everything', 'trigger-elicitation-request-async', {});
    const form = await h.next('elicitation-form');
    const clientTaskId = form.origin.clientTaskId;
    expect(clientTaskId).toEqual(expect.any(String));
    const running = listed(h).find((t) => t.taskId === clientTaskId);
    expect(running).toMatchObject({
      server: 'everything',
      kind: 'elicitation',
      origin: 'request',
      status: 'working',
    });
    expect(running?.endedAt).toBeUndefined();
    h.core.interactions.broker.respondElicitation(form.id, { action: 'decline' });
    expect(await answer).toContain('Poll 1: completed');
    const ended = listed(h).find((t) => t.taskId === clientTaskId);
    // Completed to the server; declined to the person, who reads that, not "Completed".
    expect(ended).toMatchObject({ kind: 'elicitation', status: 'completed', answer: 'declined' });
    expect(ended?.endedAt).toEqual(expect.any(Number));
    // Every change went to windows as a tasks.changed event.
    const statuses = h.events
      .filter((e) => e.name === 'tasks.changed')
      .map((e) => (e.payload as { task: TaskView }).task)
      .filter((t) => t.taskId === clientTaskId)
      .map((t) => t.status);
    expect(statuses).toEqual(['working', 'completed']);
  });

  it('trigger-sampling-request-async: a rejected review ends the task failed with the reason', async () => {
    const h = await fixture.start({ everything });
    const answer = h.call('everything', 'trigger-sampling-request-async', { prompt: 'Say hi' });
    const review = await h.next('sampling');
    const clientTaskId = review.origin.clientTaskId;
    expect(listed(h).find((t) => t.taskId === clientTaskId)).toMatchObject({
      kind: 'sampling',
      tool: 'sampling/createMessage',
      status: 'working',
    });
    h.core.interactions.broker.respondSampling(review.id, { action: 'reject', reason: 'Not now' });
    await answer.catch(() => undefined);
    await expect
      .poll(() => listed(h).find((t) => t.taskId === clientTaskId)?.status, { timeout: 10_000 })
      .toBe('failed');
    expect(listed(h).find((t) => t.taskId === clientTaskId)?.answer).toBe('declined');
    expect(listed(h).find((t) => t.taskId === clientTaskId)?.error).toContain('Not now');
  });

  it('a plain (not task) elicitation is not a task', async () => {
    const h = await fixture.start({ everything });
    const answer = h.call('everything', 'trigger-elicitation-request', {});
    const form = await h.next('elicitation-form');
    expect(form.origin.clientTaskId).toBeUndefined();
    h.core.interactions.broker.respondElicitation(form.id, { action: 'decline' });
    await answer;
    expect(listed(h)).toEqual([]);
  });
});
