import { describe, expect, it } from 'vitest';
import type { ElicitationResponse, InteractionView } from '../../../shared/domain/interactions';

type ElicitationContent = Extract<ElicitationResponse, { action: 'accept' }>['content'];
import {
  everything,
  interactionsFixture,
  startInteractionHost,
  type InteractionHost,
} from './testing/startInteractionHost';
import { useTestHosts } from '../testing/useTestHosts';

const fixture = useTestHosts(startInteractionHost);

/** The tool call's timeout, far shorter than the person takes to answer below. */
const REQUEST_MS = 300;
const ANSWER_AFTER_MS = 1_500;

/** Calls with the server's configured timeout (the harness's `call` sets its own). */
async function callWithConfiguredTimeout(h: InteractionHost, server: string, tool: string) {
  const result = await h.core.mcp.supervisor(server).callTool(tool, {});
  return result.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('\n');
}

async function answerLate(h: InteractionHost, form: InteractionView, content: ElicitationContent) {
  await new Promise((resolve) => setTimeout(resolve, ANSWER_AFTER_MS));
  h.core.interactions.broker.respondElicitation(form.id, { action: 'accept', content });
}

describe('no timer of the tool call runs while the person answers the server', () => {
  it('2025 era: a form answered long after the call timeout completes the call', async () => {
    const h = await fixture.start({
      everything: { ...everything, timeouts: { requestMs: REQUEST_MS } },
    });
    const answer = callWithConfiguredTimeout(h, 'everything', 'trigger-elicitation-request');
    const form = await h.next('elicitation-form');
    await answerLate(h, form, {
      name: 'Ada Lovelace',
      check: true,
      email: 'ada@example.com',
      integer: 7,
      number: 2.5,
      untitledSingleSelectEnum: 'Joey',
      untitledMultipleSelectEnum: ['Piano'],
      titledSingleSelectEnum: 'hero-2',
      titledMultipleSelectEnum: ['fish-3'],
      legacyTitledEnum: 'pet-2',
    });
    expect(await answer).toContain('- Name: Ada Lovelace');
  });

  // The SDK times each 2026 leg alone (the person answers between legs): this holds already,
  // and must go on holding with the host's own timer.
  it('2026 era: an input-required form answered late completes the call', async () => {
    const h = await fixture.start({
      v2: { ...interactionsFixture('modern'), timeouts: { requestMs: REQUEST_MS } },
    });
    const answer = callWithConfiguredTimeout(h, 'v2', 'ask');
    const form = await h.next('elicitation-form');
    await answerLate(h, form, { name: 'Ada', age: 36 });
    expect(await answer).toContain('Form accepted');
  });
});
