import { describe, expect, it } from 'vitest';
import type { SamplingResultView } from '../../../shared/domain/interactions';
import { AppErrorCode } from '../../../shared/errors';
import type { ElicitRequest, SamplingRequest } from '../mcp/session/mcpTypes';
import type { HeadlessInteractionPolicy } from './HeadlessInteractionPolicy';
import { InteractionBroker, type InteractionBrokerOptions } from './InteractionBroker';
import { InteractionPolicies } from './InteractionPolicies';

const samplingRequest: SamplingRequest = {
  method: 'sampling/createMessage',
  params: {
    messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
    maxTokens: 10,
    modelPreferences: { hints: [{ name: 'haiku' }] },
  },
};
const formRequest: ElicitRequest = {
  method: 'elicitation/create',
  params: {
    message: 'Who?',
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, n: { type: 'integer', default: 3 } },
      required: ['name'],
    },
  },
};

function broker(overrides: Partial<InteractionBrokerOptions> = {}) {
  const generated: SamplingResultView = { model: 'm', content: [{ type: 'text', text: 'out' }] };
  return new InteractionBroker({
    policies: new InteractionPolicies(undefined),
    roots: () => Promise.resolve({ roots: [] }),
    generate: () => Promise.resolve(generated),
    models: () => Promise.resolve(['claude-haiku-5-5']),
    defaultModel: () => 'claude-default',
    open: () => Promise.resolve(true),
    originFor: () => ({}),
    newId: (() => {
      let n = 0;
      return () => `i${++n}`;
    })(),
    ...overrides,
  });
}

const context = (signal = new AbortController().signal) => ({ serverName: 's', signal });

describe('InteractionBroker', () => {
  it('suggests the default model when the model list is slow', async () => {
    const b = broker({ models: () => new Promise(() => {}), modelListTimeoutMs: 30 });
    void b.handlers.sampling(samplingRequest, context()).catch(() => {});
    await expect.poll(() => b.pending()[0]).toMatchObject({ suggestedModel: 'claude-default' });
    b.dispose();
  });

  it('answers to unknown or mismatched requests are refused clearly', async () => {
    const b = broker();
    expect(() => b.respondElicitation('nope', { action: 'decline' })).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
    const answer = b.handlers.elicitation(formRequest, context());
    await expect.poll(() => b.pending().length).toBe(1);
    expect(() => b.respondSampling('i1', { action: 'regenerate' })).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
    b.respondElicitation('i1', { action: 'accept', content: { name: 'x' } });
    await expect(answer).resolves.toEqual({ action: 'accept', content: { name: 'x' } });
  });

  it('the server aborting withdraws the request', async () => {
    const b = broker();
    const resolved: string[] = [];
    b.onDidResolve(({ outcome }) => resolved.push(outcome));
    const abort = new AbortController();
    const answer = b.handlers.elicitation(formRequest, context(abort.signal));
    await expect.poll(() => b.pending().length).toBe(1);
    abort.abort();
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    expect(resolved).toEqual(['withdrawn']);
    expect(b.pending()).toEqual([]);
  });

  it('a completion notice for a URL still waiting for consent ends it as completed', async () => {
    const b = broker();
    const answer = b.handlers.elicitation(
      {
        method: 'elicitation/create',
        params: { mode: 'url', message: 'm', url: 'https://x.example', elicitationId: 'e1' },
      },
      context(),
    );
    await expect.poll(() => b.pending().length).toBe(1);
    b.handlers.elicitationComplete?.('other', 's');
    expect(b.pending()).toHaveLength(1);
    b.handlers.elicitationComplete?.('e1', 's');
    await expect(answer).resolves.toEqual({ action: 'accept' });
  });

  describe('headless', () => {
    const run = (policy: HeadlessInteractionPolicy) => {
      const notes: string[] = [];
      const b = broker({ headless: { ...policy, report: (n) => notes.push(n) } });
      return { b, notes };
    };

    it('approve samples with the suggested model and the capped tokens; nothing waits', async () => {
      const calls: [string, number][] = [];
      const b = broker({
        headless: { sampling: 'approve' },
        generate: (_r, model, maxTokens) => {
          calls.push([model, maxTokens]);
          return Promise.resolve({ model, content: [{ type: 'text', text: 'ok' }] });
        },
      });
      await b.handlers.sampling(samplingRequest, context());
      expect(calls).toEqual([['claude-haiku-5-5', 10]]);
      expect(b.pending()).toEqual([]);
    });

    it('no policy: sampling rejected, forms and URLs declined, each with a note', async () => {
      const { b, notes } = run({});
      await expect(b.handlers.sampling(samplingRequest, context())).rejects.toThrow('not approved');
      await expect(b.handlers.elicitation(formRequest, context())).resolves.toEqual({
        action: 'decline',
      });
      expect(notes).toHaveLength(2);
    });

    it('answers fill defaults; answers for other forms are left out', async () => {
      const { b } = run({ elicit: { kind: 'answers', answers: { name: 'Ada', other: 'x' } } });
      await expect(b.handlers.elicitation(formRequest, context())).resolves.toEqual({
        action: 'accept',
        content: { name: 'Ada', n: 3 },
      });
    });
  });

  it('caps what one server may have waiting; the excess is refused and the person told', async () => {
    const b = broker({ maxPendingPerServer: 3 });
    const refused: unknown[] = [];
    b.onDidRefuse((notice) => refused.push(notice));
    const other = { serverName: 'quiet', signal: new AbortController().signal };
    const answers = Array.from({ length: 5 }, () =>
      b.handlers.sampling(samplingRequest, context()).then(
        () => 'answered',
        (error: unknown) => (error as Error).message,
      ),
    );
    const forms = Array.from({ length: 2 }, () =>
      b.handlers.elicitation(formRequest, context()).then(
        () => 'answered',
        (error: unknown) => (error as Error).message,
      ),
    );
    const quiet = b.handlers.elicitation(formRequest, other);
    // Three of "s" wait (requests racing the model list count too), "quiet" is not affected.
    await expect.poll(() => b.pending().length).toBe(4);
    expect(b.pending().filter((p) => p.server === 's')).toHaveLength(3);
    const tooMany = /already waiting for you \(3 from “s”\)/;
    expect(await Promise.all([...answers.slice(3), ...forms])).toEqual([
      expect.stringMatching(tooMany),
      expect.stringMatching(tooMany),
      expect.stringMatching(tooMany),
      expect.stringMatching(tooMany),
    ]);
    expect(refused).toEqual([
      { server: 's', kind: 'sampling', limit: 3 },
      { server: 's', kind: 'sampling', limit: 3 },
      { server: 's', kind: 'elicitation', limit: 3 },
      { server: 's', kind: 'elicitation', limit: 3 },
    ]);
    // Once the person answers one, the server may ask again.
    const first = b.pending().find((p) => p.server === 's' && p.kind === 'sampling');
    b.respondSampling(first?.id ?? '', { action: 'reject' });
    expect(await Promise.race(answers.slice(0, 3))).toMatch(/rejected|declined/i);
    const again = b.handlers.elicitation(formRequest, context());
    await expect.poll(() => b.pending().filter((p) => p.server === 's').length).toBe(3);
    b.dispose();
    await Promise.allSettled([again, quiet, ...answers]);
  });

  it('a request sent as a client-side task outlives the chat call that raised it; a plain one does not', async () => {
    const call = { conversationId: 'c1', toolUseId: 'tu1', server: 's' };
    let running: { conversationId?: string; toolUseId?: string } = {
      conversationId: 'c1',
      toolUseId: 'tu1',
    };
    const b = broker({ originFor: () => running });
    const task = b.handlers.elicitation(formRequest, { ...context(), clientTaskId: 'ct-1' });
    const plain = b.handlers.elicitation(formRequest, context());
    await expect.poll(() => b.pending().length).toBe(2);
    expect(b.pending().map((i) => i.origin)).toEqual([
      { conversationId: 'c1', toolUseId: 'tu1', clientTaskId: 'ct-1' },
      { conversationId: 'c1', toolUseId: 'tu1' },
    ]);
    running = {};
    b.toolCallEnded(call);
    expect(await plain).toEqual({ action: 'cancel' });
    expect(b.pending().map((i) => [i.id, i.origin])).toEqual([['i1', { clientTaskId: 'ct-1' }]]);
    b.respondElicitation('i1', { action: 'decline' });
    expect(await task).toEqual({ action: 'decline' });
  });
});
