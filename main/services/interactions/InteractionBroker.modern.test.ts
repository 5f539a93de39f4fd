import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { message, toolUse } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { SamplingInteraction } from '../../../shared/domain/interactions';
import { AppError } from '../../../shared/errors';
import {
  interactionsFixture,
  startInteractionHost,
  type InteractionHost,
} from './testing/startInteractionHost';
import { useTestHosts } from '../testing/useTestHosts';

const fixture = useTestHosts(startInteractionHost);

async function start(): Promise<InteractionHost> {
  const host = await fixture.start({ v2: interactionsFixture('modern') });
  expect(host.core.mcp.supervisor('v2').info?.era).toBe('modern');
  return host;
}

describe('2026-07-28 era: input-required rounds go through the same broker', () => {
  it('sampling: hints pick the model, both reviews edit, the tool sees the edited result', async () => {
    const h = await start();
    fixture.fake.script(message('generated text'));
    const answer = h.call('v2', 'sample', { prompt: 'Write a haiku' });
    const review = await h.next('sampling');
    expect(review.suggestedModel).toBe('anthropic/claude-haiku-5-5');
    expect(review.request).toMatchObject({
      systemPrompt: 'You are the fixture server.',
      maxTokens: 200,
      modelPreferences: { hints: [{ name: 'haiku' }] },
    });
    h.core.interactions.broker.respondSampling(review.id, {
      action: 'approve-request',
      model: review.suggestedModel,
      maxTokens: 100,
      texts: [{ message: 0, block: 0, text: 'Write a limerick' }],
    });
    await expect
      .poll(() => h.core.interactions.broker.pending().find((i) => i.id === review.id))
      .toMatchObject({ stage: 'review-result' });
    expect(JSON.stringify(fixture.fake.messageRequests.at(-1)?.body)).toContain('Write a limerick');
    h.core.interactions.broker.respondSampling(review.id, {
      action: 'approve-result',
      texts: [{ block: 0, text: 'edited by the person' }],
    });
    expect(await answer).toBe('Sampled (claude-haiku-5-5): edited by the person');
  });

  it('sampling with tools: the tool definitions are shown, the tool_use goes back to the server', async () => {
    const h = await start();
    fixture.fake.script(message([toolUse('lookup', { word: 'host' }, 'toolu_1')]));
    const answer = h.call('v2', 'sample-with-tools', { prompt: 'Define host' });
    const review = await h.next('sampling');
    expect(review.request.tools).toEqual([
      {
        name: 'lookup',
        description: 'Looks a word up',
        inputSchema: { type: 'object', properties: { word: { type: 'string' } } },
      },
    ]);
    expect(review.request.toolChoice).toEqual({ mode: 'required' });
    h.core.interactions.broker.respondSampling(review.id, {
      action: 'approve-request',
      model: review.suggestedModel,
      maxTokens: 200,
      texts: [],
    });
    await expect
      .poll(() => h.core.interactions.broker.pending().find((i) => i.id === review.id))
      .toMatchObject({
        stage: 'review-result',
        result: {
          stopReason: 'toolUse',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { word: 'host' } }],
        },
      });
    const sent = fixture.fake.messageRequests.at(-1)?.body as Record<string, unknown>;
    expect(sent.tool_choice).toEqual({ type: 'any' });
    expect(JSON.stringify(sent.tools)).toContain('"name":"lookup"');
    // A text edit may not touch the tool_use block.
    expect(() =>
      h.core.interactions.broker.respondSampling(review.id, {
        action: 'approve-result',
        texts: [{ block: 0, text: 'x' }],
      }),
    ).toThrow('only text can be edited');
    h.core.interactions.broker.respondSampling(review.id, { action: 'approve-result', texts: [] });
    expect(await answer).toBe('stop=toolUse uses=lookup {"word":"host"}');
  });

  it('sampling rejected: on this era the rejection is thrown from the call itself', async () => {
    const h = await start();
    const answer = h.call('v2', 'sample', { prompt: 'x' });
    const review = await h.next('sampling');
    h.core.interactions.broker.respondSampling(review.id, {
      action: 'reject',
      reason: 'No thanks',
    });
    const error = await answer.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toContain('No thanks');
  });

  it('elicitation: accepted values arrive typed; decline and cancel arrive as such', async () => {
    const h = await start();
    const accepted = h.call('v2', 'ask');
    const form = await h.next('elicitation-form');
    expect(form.message).toBe('Tell us about you');
    h.core.interactions.broker.respondElicitation(form.id, {
      action: 'accept',
      content: { name: 'Ada', age: 36, subscribe: true, color: 'blue' },
    });
    expect(await accepted).toBe(
      'Form accepted {"name":"string:\\"Ada\\"","age":"number:36","subscribe":"boolean:true","color":"string:\\"blue\\""}',
    );

    const declined = h.call('v2', 'ask');
    h.core.interactions.broker.respondElicitation((await h.next('elicitation-form')).id, {
      action: 'decline',
    });
    expect(await declined).toBe('Form declined');

    const cancelled = h.call('v2', 'ask');
    h.core.interactions.broker.respondElicitation((await h.next('elicitation-form')).id, {
      action: 'cancel',
    });
    expect(await cancelled).toBe('Form cancelled');
  });

  it('elicitation: a value of the wrong type is refused in main, not coerced', async () => {
    const h = await start();
    const answer = h.call('v2', 'ask');
    const form = await h.next('elicitation-form');
    expect(() =>
      h.core.interactions.broker.respondElicitation(form.id, {
        action: 'accept',
        content: { name: 'A', age: 36.5, color: 'purple' },
      }),
    ).toThrow(/name: At least 2 characters\. age: Must be a whole number\. color: Choose one/);
    h.core.interactions.broker.respondElicitation(form.id, { action: 'cancel' });
    await answer;
  });

  it('roots: the granted folders arrive as file:// URIs', async () => {
    const h = await start();
    const folder = await mkdtemp(join(tmpdir(), 'sb-root-modern-'));
    await h.core.handlers['roots.add']({ path: folder });
    const text = await h.call('v2', 'roots');
    expect(text).toContain(pathToFileURL(folder).href);
    // No list_changed exists on this era: nothing is sent, and nothing fails.
    await h.core.handlers['roots.remove']({ path: folder });
    expect(await h.call('v2', 'roots')).toBe('Roots: []');
  });

  it('URL: consent opens the page and the tool learns it was accepted', async () => {
    const h = await start();
    const answer = h.call('v2', 'open-page', { url: 'https://login.example.org/start' });
    const consent = await h.next('elicitation-url');
    expect(consent).toMatchObject({
      host: 'login.example.org',
      secure: true,
      retryToolCall: false,
    });
    expect(h.opened).toEqual([]);
    await h.core.interactions.broker.respondUrl(consent.id, 'open');
    expect(await answer).toBe('Page accept');
    expect(h.opened).toEqual(['https://login.example.org/start']);
  });

  it('a request withdrawn by the server closes its panel', async () => {
    const h = await start();
    const controller = new AbortController();
    const answer = h.core.mcp
      .supervisor('v2')
      .callTool('sample', { prompt: 'x' }, { signal: controller.signal });
    const review: SamplingInteraction = await h.next('sampling');
    controller.abort();
    await answer.catch(() => undefined);
    await expect
      .poll(() => h.events.find((e) => e.name === 'interactions.resolved'))
      .toEqual({ name: 'interactions.resolved', payload: { id: review.id, outcome: 'withdrawn' } });
    expect(h.core.interactions.broker.pending()).toEqual([]);
  });
});
