import { describe, expect, it, vi } from 'vitest';
import { message, toolUse } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { USER_REJECTED_CODE } from '../mcp/session/InteractionHandlers';
import { ProtocolError, type ElicitResult, type SamplingResult } from '../mcp/session/mcpTypes';
import { InteractionBroker } from './InteractionBroker';
import {
  everything,
  gone,
  startInteractionHost,
  type InteractionHost,
} from './testing/startInteractionHost';
import { useTestHosts } from '../testing/useTestHosts';

/**
 * server-everything does not tie its elicitation and sampling requests to the cancellation of
 * the tool call that made them: when a chat turn stops, the host itself answers them.
 */
const fixture = useTestHosts(startInteractionHost);

/** Starts a chat turn whose only tool call is `tool` on server-everything, approved once. */
async function chatCalling(tool: string, input: Record<string, unknown> = {}) {
  const h = await fixture.start({ everything });
  // What the broker answers the server's elicitations with (the SDK sends exactly this).
  const sent: Promise<ElicitResult>[] = [];
  const handlers = h.core.interactions.broker.handlers;
  const original = handlers.elicitation.bind(handlers);
  vi.spyOn(handlers, 'elicitation').mockImplementation((request, ctx) => {
    const answer = original(request, ctx);
    sent.push(answer);
    return answer;
  });
  fixture.fake.script(
    message([toolUse(`everything__${tool}`, input, 'toolu_stop')]),
    message('Done.'),
  );
  const { id } = h.core.conversations.create();
  h.core.conversations.send(id, 'Ask me things');
  await expect.poll(() => h.core.broker.pending().length, { timeout: 15_000 }).toBe(1);
  await h.core.broker.respond(h.core.broker.pending()[0]?.id ?? '', {
    kind: 'allow',
    scope: 'once',
  });
  return { h, conversationId: id, sent };
}

function resolvedOutcome(h: InteractionHost, id: string): unknown {
  return h.events.find(
    (e) => e.name === 'interactions.resolved' && (e.payload as { id: string }).id === id,
  )?.payload;
}

describe('a chat turn that stops answers what its tool call left waiting', () => {
  it('conversation.stop cancels the open elicitation form and the server gets cancel', async () => {
    const { h, conversationId, sent } = await chatCalling('trigger-elicitation-request');
    const form = await h.next('elicitation-form');
    expect(form.origin).toEqual({ conversationId, toolUseId: 'toolu_stop' });

    await h.core.conversations.stop(conversationId);
    await gone(h, form.id);
    expect(resolvedOutcome(h, form.id)).toEqual({ id: form.id, outcome: 'cancelled' });
    expect(sent).toHaveLength(1);
    expect(await sent[0]).toEqual({ action: 'cancel' });
    const stored = h.core.conversations.get(conversationId);
    expect(stored.toolCalls[0]?.status).toBe('cancelled');
  });

  it('deleting the conversation rejects the open sampling review with a reason', async () => {
    const { h, conversationId } = await chatCalling('trigger-sampling-request', {
      prompt: 'Name a colour',
      maxTokens: 50,
    });
    const review = await h.next('sampling');
    expect(review.origin).toEqual({ conversationId, toolUseId: 'toolu_stop' });
    const answered = vi.fn();
    // The session saw this promise already; a second listener sees the same settlement.
    h.core.interactions.broker.onDidResolve(answered);

    await h.core.conversations.delete(conversationId);
    await gone(h, review.id);
    expect(resolvedOutcome(h, review.id)).toEqual({ id: review.id, outcome: 'cancelled' });
    expect(answered).toHaveBeenCalledWith({ id: review.id, outcome: 'cancelled' });
  });

  it('a sampling request made during the call stays open while the call runs', async () => {
    const { h, conversationId } = await chatCalling('trigger-sampling-request', {
      prompt: 'Name a colour',
      maxTokens: 50,
    });
    const review = await h.next('sampling');
    // The call waits for this very review: nothing ends it but the person (or a stop).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.core.interactions.broker.pending().map((i) => i.id)).toEqual([review.id]);
    fixture.fake.script(message('Blue.'), message('The tool answered.'));
    h.core.interactions.broker.respondSampling(review.id, {
      action: 'approve-request',
      model: review.suggestedModel,
      maxTokens: 50,
      texts: [],
    });
    await expect
      .poll(() => h.core.interactions.broker.pending().find((i) => i.id === review.id), {
        timeout: 10_000,
      })
      .toMatchObject({ stage: 'review-result' });
    h.core.interactions.broker.respondSampling(review.id, { action: 'approve-result', texts: [] });
    await h.core.conversations.settled(conversationId);
    expect(resolvedOutcome(h, review.id)).toEqual({ id: review.id, outcome: 'approved' });
    const stored = h.core.conversations.get(conversationId);
    expect(stored.toolCalls[0]?.status).toBe('done');
  });
});

describe('the broker when a chat tool call ends', () => {
  const form = (message: string) => ({
    method: 'elicitation/create' as const,
    params: {
      mode: 'form' as const,
      message,
      requestedSchema: {
        type: 'object' as const,
        properties: { name: { type: 'string' as const } },
      },
    },
  });
  const ctx = { serverName: 'everything', signal: new AbortController().signal };

  /** Runs a pretend tool call on server-everything until the returned function is called. */
  function holdCall(h: InteractionHost, toolUseId: string): { end: () => Promise<void> } {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done = h.core.interactions.runningTools.run(
      { conversationId: 'c1', toolUseId, server: 'everything' },
      () => held,
    );
    return {
      end: async () => {
        release();
        await done;
      },
    };
  }

  it('rejects a sampling review with the reason once its call ended, as USER_REJECTED', async () => {
    const h = await fixture.start({});
    const call = holdCall(h, 't1');
    const answer: Promise<SamplingResult> = h.core.interactions.broker.handlers.sampling(
      {
        method: 'sampling/createMessage',
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
          maxTokens: 9,
        },
      },
      ctx,
    );
    const outcome = answer.then(
      () => 'answered',
      (error: unknown) => error,
    );
    const review = await h.next('sampling');
    expect(review.origin).toEqual({ conversationId: 'c1', toolUseId: 't1' });
    await call.end();
    const error = await outcome;
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: USER_REJECTED_CODE });
    expect((error as Error).message).toContain('The conversation turn was stopped');
    expect(resolvedOutcome(h, review.id)).toEqual({ id: review.id, outcome: 'cancelled' });
  });

  it('moves a request to the other running call to the same server instead of cancelling', async () => {
    const h = await fixture.start({});
    const first = holdCall(h, 't1');
    const second = holdCall(h, 't2');
    // The server cannot say which call asks: the latest one is the guess.
    const answer = h.core.interactions.broker.handlers.elicitation(form('Who?'), ctx);
    const asked = await h.next('elicitation-form');
    expect(asked.origin).toEqual({ conversationId: 'c1', toolUseId: 't2' });

    await second.end();
    expect(h.core.interactions.broker.pending()).toEqual([
      expect.objectContaining({ id: asked.id, origin: { conversationId: 'c1', toolUseId: 't1' } }),
    ]);
    await first.end();
    expect(await answer).toEqual({ action: 'cancel' });
    expect(h.core.interactions.broker.pending()).toEqual([]);
  });

  it('leaves requests of other calls and of no call alone', async () => {
    const h = await fixture.start({});
    const broker = h.core.interactions.broker;
    const unrelated = broker.handlers.elicitation(form('From the Tools tab'), ctx);
    await h.next('elicitation-form');
    const call = holdCall(h, 't1');
    await call.end();
    expect(broker.pending()).toHaveLength(1);
    broker.respondElicitation(broker.pending()[0]?.id ?? '', { action: 'decline' });
    expect(await unrelated).toEqual({ action: 'decline' });
  });

  it('cancels, without showing it, a request whose call ended before it was shown', async () => {
    const h = await fixture.start({});
    const broker = new InteractionBroker({
      policies: h.core.interactions.policies,
      roots: () => Promise.resolve({ roots: [] }),
      generate: () => Promise.reject(new Error('not used')),
      models: () => Promise.resolve([]),
      defaultModel: () => 'claude-haiku-5-5',
      open: () => Promise.resolve(false),
      // The origin was looked up when the request came in; the call is gone by the time the
      // panel would show (the model list wait of sampling).
      originFor: () => ({ conversationId: 'c1', toolUseId: 'gone' }),
      isRunning: () => false,
    });
    const shown = vi.fn();
    broker.onDidChange(shown);
    expect(await broker.handlers.elicitation(form('Late'), ctx)).toEqual({ action: 'cancel' });
    expect(shown).not.toHaveBeenCalled();
    expect(broker.pending()).toEqual([]);
  });
});
