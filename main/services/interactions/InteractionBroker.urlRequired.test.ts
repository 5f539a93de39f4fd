import { describe, expect, it } from 'vitest';
import { toolError } from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import { fixtureServer } from '../mcp/testing/McpHarness';
import { useTestHosts } from '../testing/useTestHosts';
import { startInteractionHost } from './testing/startInteractionHost';

const fixture = useTestHosts(startInteractionHost);

function urlFixture(env: Record<string, string>): Record<string, unknown> {
  return {
    command: process.execPath,
    args: [fixtureServer('url-elicitation-required.mjs')],
    protocol: 'legacy',
    env,
  };
}

describe('-32042 URL elicitation required (2025 era)', () => {
  it('after consent the page opens; the completion notice retries the call once', async () => {
    const h = await fixture.start({ url: urlFixture({ COMPLETE_AFTER_MS: '1500' }) });
    const answer = h.call('url', 'protected');
    const consent = await h.next('elicitation-url');
    expect(consent).toMatchObject({
      server: 'url',
      url: 'https://auth.example.test/consent',
      host: 'auth.example.test',
      elicitationId: 'consent-1',
      retryToolCall: true,
      stage: 'consent',
    });
    await h.core.interactions.broker.respondUrl(consent.id, 'open');
    expect(h.opened).toEqual(['https://auth.example.test/consent']);
    expect(await answer).toBe('protected data (call 2)');
    expect(h.events).toContainEqual({
      name: 'interactions.resolved',
      payload: { id: consent.id, outcome: 'completed' },
    });
  });

  it('declined: the call ends with an error that says so, nothing opened', async () => {
    const h = await fixture.start({ url: urlFixture({ URL_FIXTURE_NO_COMPLETE: '1' }) });
    const answer = h.core.mcp.supervisor('url').callTool('protected', {});
    await h.core.interactions.broker.respondUrl((await h.next('elicitation-url')).id, 'decline');
    const result = await answer;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('declined to open');
    expect(h.opened).toEqual([]);
  });

  it('from a chat turn: shown with its conversation and tool call; the model reads the refusal', async () => {
    const h = await fixture.start({ url: urlFixture({ URL_FIXTURE_NO_COMPLETE: '1' }) });
    fixture.fake.script(toolError({ name: 'url__protected', input: {} }));
    const { id: conversationId } = h.core.conversations.create();
    h.core.conversations.send(conversationId, 'Get the protected data');
    await expect.poll(() => h.core.broker.pending().length).toBe(1);
    const approval = h.core.broker.pending()[0];
    await h.core.broker.respond(approval?.id ?? '', { kind: 'allow', scope: 'once' });
    const consent = await h.next('elicitation-url');
    const toolCall = h.core.conversations.get(conversationId).toolCalls[0];
    expect(consent.origin).toEqual({ conversationId, toolUseId: toolCall?.toolUseId });
    await h.core.interactions.broker.respondUrl(consent.id, 'decline');
    const turn = await h.core.conversations.settled(conversationId);
    expect(turn?.stop.reason).toBe('end_turn');
    const last = h.core.conversations.get(conversationId).messages.at(-1);
    expect(JSON.stringify(last?.content)).toContain('The tool failed');
    expect(JSON.stringify(last?.content)).toContain('declined to open');
  });
});
