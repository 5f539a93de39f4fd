import { describe, expect, it } from 'vitest';
import {
  message,
  midStreamError,
  overloaded,
  serverError,
  text,
  toolUse,
} from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import {
  connectionCutMidStream,
  overloadMidStream,
  plainText,
  rateLimitedThenSuccess,
  stalledStream,
} from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import { AppErrorCode } from '../../../shared/errors';
import { AnthropicModel } from '../models/anthropic/AnthropicModel';
import { runWithFake } from './testing/turnHarness';
import { useFakeMessagesApi } from './testing/useFakeMessagesApi';

const api = useFakeMessagesApi({ expectDrained: false });

describe('runTurn when the API fails', () => {
  it('retries a 429 after the retry-after delay and says so', async () => {
    api.fake.script(rateLimitedThenSuccess({ retryAfterSeconds: '0.3', answer: 'Done waiting.' }));
    const run = await runWithFake(api.fake);

    expect(run.result.stop.reason).toBe('end_turn');
    expect(run.result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'Done waiting.' }] },
    ]);
    expect(run.of('retrying')).toMatchObject([
      { step: 1, attempt: 2, delayMs: 300, reason: { code: AppErrorCode.LlmRateLimited } },
    ]);
    expect(run.of('requestStarted').map((e) => e.attempt)).toEqual([1, 2]);
    expect(api.fake.messageRequests).toHaveLength(2);
    const [first, second] = api.fake.messageRequests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('backs off on 529 and 500 before anything streamed', async () => {
    api.fake.script(overloaded(), serverError(), plainText('Third time lucky.'));
    const run = await runWithFake(api.fake);

    expect(run.result.stop.reason).toBe('end_turn');
    expect(run.of('retrying').map((e) => [e.reason.code, e.delayMs])).toEqual([
      [AppErrorCode.LlmOverloaded, 20],
      [AppErrorCode.LlmServer, 40],
    ]);
  });

  it('gives up after the last attempt with the last error', async () => {
    api.fake.script(overloaded(), overloaded(), overloaded());
    const run = await runWithFake(api.fake);

    expect(run.result.stop).toMatchObject({
      reason: 'failed',
      error: { code: AppErrorCode.LlmOverloaded },
    });
    expect(api.fake.messageRequests).toHaveLength(3);
    expect(run.result.messages).toEqual([]);
  });

  it('fails a rejected key with LLM_AUTH pointing to settings, without retrying', async () => {
    api.fake.script(plainText());
    const run = await runWithFake(api.fake, {
      client: new AnthropicModel({ apiKey: 'sk-ant-wrong', baseURL: api.fake.url }),
    });

    expect(run.result.stop).toMatchObject({
      reason: 'failed',
      error: { code: AppErrorCode.LlmAuth },
    });
    const stop = run.result.stop;
    expect(stop.reason === 'failed' && stop.error.message).toMatch(/Settings/);
    expect(api.fake.messageRequests).toHaveLength(1);
    expect(run.of('retrying')).toEqual([]);
    api.fake.reset();
  });

  it('fails without a request when no key is set', async () => {
    const run = await runWithFake(api.fake, {
      client: new AnthropicModel({ apiKey: undefined, baseURL: api.fake.url }),
    });
    expect(run.result.stop).toMatchObject({
      reason: 'failed',
      error: { code: AppErrorCode.LlmAuth },
    });
    expect(api.fake.messageRequests).toHaveLength(0);
  });

  it('keeps the partial text when the stream is overloaded midway', async () => {
    api.fake.script(
      overloadMidStream({ answer: 'The first part arrives, the rest not.', afterChars: 10 }),
    );
    const run = await runWithFake(api.fake);

    expect(run.result.stop).toMatchObject({
      reason: 'failed',
      error: { code: AppErrorCode.LlmOverloaded },
    });
    const partial = run.streamedText();
    expect(partial.length).toBeGreaterThanOrEqual(10);
    expect('The first part arrives, the rest not.'.startsWith(partial)).toBe(true);
    expect(run.result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: partial }] },
    ]);
    expect(run.of('messageAdded')[0]?.partial).toBe(true);
    // Something streamed, so no retry.
    expect(api.fake.messageRequests).toHaveLength(1);
  });

  it('retries an in-stream overload that came before any content', async () => {
    api.fake.script(midStreamError('never shown', 0), plainText('Recovered.'));
    const run = await runWithFake(api.fake);

    expect(run.of('retrying')[0]?.reason.code).toBe(AppErrorCode.LlmOverloaded);
    expect(run.result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'Recovered.' }] },
    ]);
  });

  it('keeps the partial text when the connection is cut midway', async () => {
    api.fake.script(connectionCutMidStream({ answer: 'Half of this arrives.', afterChars: 8 }));
    const run = await runWithFake(api.fake);

    expect(run.result.stop).toMatchObject({
      reason: 'failed',
      error: { code: AppErrorCode.LlmNetwork },
    });
    expect(run.streamedText()).toBe('Half of ');
    expect(run.result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'Half of ' }] },
    ]);
  });

  it('ends a stalled stream with the idle watchdog', async () => {
    api.fake.script(stalledStream({ answer: 'Words, then silence.', afterChars: 8 }));
    const run = await runWithFake(api.fake, { idleTimeoutMs: 300 });

    expect(run.result.stop).toMatchObject({
      reason: 'failed',
      error: { code: AppErrorCode.LlmStalled },
    });
    expect(run.streamedText()).toBe('Words, t');
    expect(run.result.messages).toHaveLength(1);
    expect(run.elapsedMs).toBeGreaterThanOrEqual(280);
    expect(run.elapsedMs).toBeLessThan(5_000);
  });

  it('stops during streaming and keeps what arrived', async () => {
    api.fake.script(
      message('One two three four five six seven.', { chunkChars: 4, eventDelayMs: 30 }),
    );
    const controller = new AbortController();
    const run = await runWithFake(api.fake, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'textDelta') controller.abort();
      },
    });

    expect(run.result.stop).toEqual({ reason: 'stopped' });
    expect(run.streamedText()).toBe('One ');
    expect(run.result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'One ' }] },
    ]);
    expect(run.of('turnFinished')[0]?.stop).toEqual({ reason: 'stopped' });
  });

  it('stops during a slow tool: the executor sees the abort, the turn keeps its content', async () => {
    api.fake.script(message([text('Starting the slow tool.'), toolUse('slow', {})]));
    const controller = new AbortController();
    let sawAbort = false;
    const run = await runWithFake(api.fake, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'toolUseStarted') setTimeout(() => controller.abort(), 50);
      },
      executeTool: (_call, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            sawAbort = true;
            reject(new Error('aborted'));
          });
        }),
    });

    expect(sawAbort).toBe(true);
    expect(run.result.stop).toEqual({ reason: 'stopped' });
    expect(run.of('toolResult')[0]?.status).toBe('cancelled');
    const [assistant, results] = run.result.messages;
    expect(assistant?.content).toMatchObject([
      { type: 'text', text: 'Starting the slow tool.' },
      { type: 'tool_use', name: 'slow' },
    ]);
    expect(results).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', is_error: true }],
    });
    expect(api.fake.messageRequests).toHaveLength(1);
  });
});
