import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { httpError, message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { SamplingInteraction } from '../../../shared/domain/interactions';
import { AppError, AppErrorCode } from '../../../shared/errors';
import {
  everything,
  gone,
  startInteractionHost,
  type InteractionHost,
} from './testing/startInteractionHost';
import { useTestHosts } from '../testing/useTestHosts';

const fixture = useTestHosts(startInteractionHost);

async function start(): Promise<InteractionHost> {
  return fixture.start({ everything });
}

async function stageOf(h: InteractionHost, id: string, stage: SamplingInteraction['stage']) {
  await expect
    .poll(() => h.core.interactions.broker.pending().find((i) => i.id === id), { timeout: 10_000 })
    .toMatchObject({ stage });
  return h.core.interactions.broker.pending().find((i) => i.id === id) as SamplingInteraction;
}

async function appError(promise: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('sampling against server-everything (2025 era)', () => {
  it('reviews the request, edits it, reviews the result, edits it, and the tool answers with the edit', async () => {
    const h = await start();
    fixture.fake.script(message('The model wrote this.'));
    const answer = h.call('everything', 'trigger-sampling-request', {
      prompt: 'Name a colour',
      maxTokens: 50,
    });
    const review = await h.next('sampling');
    expect(review).toMatchObject({
      server: 'everything',
      stage: 'review-request',
      origin: {},
      request: {
        systemPrompt: 'You are a helpful test server.',
        maxTokens: 50,
        temperature: 0.7,
        messages: [{ role: 'user', content: [{ type: 'text' }] }],
      },
    });
    expect(JSON.stringify(review.request.messages)).toContain('Name a colour');
    expect(h.events.some((e) => e.name === 'interactions.changed')).toBe(true);

    h.core.interactions.broker.respondSampling(review.id, {
      action: 'approve-request',
      model: 'claude-haiku-5-5',
      maxTokens: 40,
      systemPrompt: 'Edited system prompt',
      texts: [{ message: 0, block: 0, text: 'Edited question' }],
    });
    const result = await stageOf(h, review.id, 'review-result');
    expect(result.result).toMatchObject({
      model: 'claude-haiku-5-5',
      stopReason: 'endTurn',
      content: [{ type: 'text', text: 'The model wrote this.' }],
    });
    const sent = fixture.fake.messageRequests.at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ model: 'claude-haiku-5-5', max_tokens: 40 });
    expect(JSON.stringify(sent.system)).toContain('Edited system prompt');
    expect(JSON.stringify(sent.messages)).toContain('Edited question');
    expect(JSON.stringify(sent.messages)).not.toContain('Name a colour');

    h.core.interactions.broker.respondSampling(review.id, {
      action: 'approve-result',
      texts: [{ block: 0, text: 'Edited answer' }],
    });
    const text = await answer;
    expect(text).toContain('Edited answer');
    expect(text).not.toContain('The model wrote this.');
    expect(text).toContain('claude-haiku-5-5');
    expect(h.events).toContainEqual({
      name: 'interactions.resolved',
      payload: { id: review.id, outcome: 'approved' },
    });
  });

  it('a rejection reaches the server as an error with the reason', async () => {
    const h = await start();
    const answer = h.core.mcp.supervisor('everything').callTool('trigger-sampling-request', {
      prompt: 'x',
    });
    const review = await h.next('sampling');
    h.core.interactions.broker.respondSampling(review.id, {
      action: 'reject',
      reason: 'Not today',
    });
    const result = await answer;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('Not today');
    expect(fixture.fake.messageRequests).toHaveLength(0);
    await gone(h, review.id);
  });

  it('a generation error is shown; regenerate tries again; rejecting after a result works too', async () => {
    const h = await start();
    fixture.fake.script(
      httpError(400, 'invalid_request_error', 'model: unknown model'),
      message('Second try'),
    );
    const answer = h.core.mcp.supervisor('everything').callTool('trigger-sampling-request', {
      prompt: 'x',
    });
    const review = await h.next('sampling');
    h.core.interactions.broker.respondSampling(review.id, {
      action: 'approve-request',
      model: 'nope',
      maxTokens: 10,
      texts: [],
    });
    const failed = await stageOf(h, review.id, 'review-result');
    expect(failed.error).toContain('unknown model');
    expect(failed.result).toBeUndefined();
    expect(
      (
        await appError(() =>
          h.core.interactions.broker.respondSampling(review.id, {
            action: 'approve-result',
            texts: [],
          }),
        )
      ).code,
    ).toBe(AppErrorCode.Validation);
    h.core.interactions.broker.respondSampling(review.id, { action: 'regenerate' });
    await expect
      .poll(
        () =>
          (
            h.core.interactions.broker.pending().find((i) => i.id === review.id) as
              SamplingInteraction | undefined
          )?.result?.content,
      )
      .toEqual([{ type: 'text', text: 'Second try' }]);
    h.core.interactions.broker.respondSampling(review.id, { action: 'reject' });
    const result = await answer;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('rejected');
  });

  it('per-server policy: deny refuses without asking; a token cap bounds what the person approves', async () => {
    const h = await start();
    await h.core.handlers['interactions.setPolicy']({
      server: 'everything',
      policy: { sampling: 'deny' },
    });
    const denied = await h.core.mcp
      .supervisor('everything')
      .callTool('trigger-sampling-request', { prompt: 'x' });
    expect(denied.isError).toBe(true);
    expect(JSON.stringify(denied.content)).toContain('turned off');
    expect(h.core.interactions.broker.pending()).toHaveLength(0);

    await h.core.handlers['interactions.setPolicy']({
      server: 'everything',
      policy: { sampling: 'ask', maxTokens: 30 },
    });
    expect(await h.core.handlers['interactions.getPolicies']({})).toEqual({
      policies: { everything: { sampling: 'ask', maxTokens: 30 } },
    });
    const answer = h.core.mcp
      .supervisor('everything')
      .callTool('trigger-sampling-request', { prompt: 'x', maxTokens: 100 });
    const review = await h.next('sampling');
    expect(review.maxTokensLimit).toBe(30);
    const error = await appError(() =>
      h.core.interactions.broker.respondSampling(review.id, {
        action: 'approve-request',
        model: 'claude-haiku-5-5',
        maxTokens: 100,
        texts: [],
      }),
    );
    expect(error.code).toBe(AppErrorCode.Validation);
    expect(error.message).toContain('30');
    h.core.interactions.broker.respondSampling(review.id, { action: 'reject' });
    await answer;
    expect(h.events.some((e) => e.name === 'interactions.policiesChanged')).toBe(true);
  });
});

/** Every field of server-everything's elicitation form, answered with the right types. */
const GOOD_ANSWER = {
  name: 'Ada Lovelace',
  check: true,
  firstLine: 'Call me Ada.',
  email: 'ada@example.com',
  homepage: 'https://ada.example',
  birthdate: '1815-12-10',
  integer: 7,
  number: 2.5,
  untitledSingleSelectEnum: 'Joey',
  untitledMultipleSelectEnum: ['Piano', 'Drums'],
  titledSingleSelectEnum: 'hero-2',
  titledMultipleSelectEnum: ['fish-3'],
  legacyTitledEnum: 'pet-2',
};

describe('elicitation against server-everything (2025 era)', () => {
  it('accepts a form with typed values; the server echoes them with their types', async () => {
    const h = await start();
    const answer = h.call('everything', 'trigger-elicitation-request');
    const form = await h.next('elicitation-form');
    expect(form.message).toContain('Please provide inputs');
    expect(Object.keys(form.requestedSchema.properties as object)).toEqual(
      expect.arrayContaining(Object.keys(GOOD_ANSWER)),
    );
    h.core.interactions.broker.respondElicitation(form.id, {
      action: 'accept',
      content: GOOD_ANSWER,
    });
    const text = await answer;
    expect(text).toContain('- Name: Ada Lovelace');
    expect(text).toContain('- Favorite Integer: 7');
    expect(text).toContain('"integer": 7,');
    expect(text).toContain('"check": true');
    expect(text).toContain('"number": 2.5');
    expect(text).toMatch(/"untitledMultipleSelectEnum": \[\s*"Piano",\s*"Drums"\s*\]/);
    expect(h.events).toContainEqual({
      name: 'interactions.resolved',
      payload: { id: form.id, outcome: 'accepted' },
    });
  });

  it('answers that do not fit get per-field messages and the form stays; then decline', async () => {
    const h = await start();
    const answer = h.call('everything', 'trigger-elicitation-request');
    const form = await h.next('elicitation-form');
    const error = await appError(() =>
      h.core.interactions.broker.respondElicitation(form.id, {
        action: 'accept',
        content: {
          name: '',
          email: 'not-an-email',
          homepage: 'nowhere',
          birthdate: '1815-13-10',
          integer: 500,
          number: '3',
          check: 'yes',
          untitledSingleSelectEnum: 'Gunther',
          untitledMultipleSelectEnum: [],
          titledSingleSelectEnum: 'hero-9',
          titledMultipleSelectEnum: ['fish-1', 'fish-2', 'fish-3', 'fish-1'],
          legacyTitledEnum: 'Cats',
          colour: 'red',
        },
      }),
    );
    expect(error.code).toBe(AppErrorCode.Validation);
    const fields = (error.data as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(
      [
        'name',
        'email',
        'homepage',
        'birthdate',
        'integer',
        'number',
        'check',
        'untitledSingleSelectEnum',
        'untitledMultipleSelectEnum',
        'titledSingleSelectEnum',
        'titledMultipleSelectEnum',
        'legacyTitledEnum',
        'colour',
      ].sort(),
    );
    expect(fields.name).toBe('Required.');
    expect(fields.integer).toBe('At most 100.');
    expect(fields.number).toBe('Must be a number.');
    expect(h.core.interactions.broker.pending().map((i) => i.id)).toContain(form.id);
    h.core.interactions.broker.respondElicitation(form.id, { action: 'decline' });
    expect(await answer).toContain('User declined');
  });

  it('cancel reaches the server as cancel', async () => {
    const h = await start();
    const answer = h.call('everything', 'trigger-elicitation-request');
    const form = await h.next('elicitation-form');
    h.core.interactions.broker.respondElicitation(form.id, { action: 'cancel' });
    expect(await answer).toContain('User cancelled');
    expect(h.events).toContainEqual({
      name: 'interactions.resolved',
      payload: { id: form.id, outcome: 'cancelled' },
    });
  });
});

describe('URL elicitation against server-everything (2025 era)', () => {
  it('shows the URL and host; opens it only after consent', async () => {
    const h = await start();
    const answer = h.call('everything', 'trigger-url-elicitation', {
      url: 'https://example.com/sign-in?x=1',
      message: 'Sign in please',
    });
    const consent = await h.next('elicitation-url');
    expect(consent).toMatchObject({
      url: 'https://example.com/sign-in?x=1',
      host: 'example.com',
      secure: true,
      stage: 'consent',
      retryToolCall: false,
      message: 'Sign in please',
    });
    expect(consent.elicitationId).toBeTruthy();
    expect(h.opened).toEqual([]);
    await h.core.interactions.broker.respondUrl(consent.id, 'open');
    expect(h.opened).toEqual(['https://example.com/sign-in?x=1']);
    expect(await answer).toContain('User completed the URL elicitation flow');
  });

  it('declined: nothing is opened; plain http elsewhere is never opened', async () => {
    const h = await start();
    const answer = h.call('everything', 'trigger-url-elicitation', {
      url: 'http://example.com/insecure',
    });
    const consent = await h.next('elicitation-url');
    expect(consent.secure).toBe(false);
    const error = await appError(h.core.interactions.broker.respondUrl(consent.id, 'open'));
    expect(error.code).toBe(AppErrorCode.Validation);
    expect(error.message).toContain('https');
    await h.core.interactions.broker.respondUrl(consent.id, 'decline');
    expect(await answer).toContain('User declined to open the URL');
    expect(h.opened).toEqual([]);
  });

  it('-32042: open the prerequisite page, retry, and the call goes through', async () => {
    const h = await start();
    const answer = h.call('everything', 'trigger-url-elicitation', {
      url: 'https://example.com/final',
      errorPath: true,
    });
    const prerequisite = await h.next('elicitation-url');
    expect(prerequisite).toMatchObject({
      url: 'https://modelcontextprotocol.io',
      retryToolCall: true,
      stage: 'consent',
    });
    const early = await appError(h.core.interactions.broker.respondUrl(prerequisite.id, 'retry'));
    expect(early.message).toContain('Open the page first');
    await h.core.interactions.broker.respondUrl(prerequisite.id, 'open');
    await expect
      .poll(() => h.core.interactions.broker.pending().find((i) => i.id === prerequisite.id))
      .toMatchObject({ stage: 'opened' });
    await h.core.interactions.broker.respondUrl(prerequisite.id, 'retry');
    // The retried call reaches the request path: a second, ordinary URL elicitation.
    const final = await h.next('elicitation-url');
    expect(final).toMatchObject({ url: 'https://example.com/final', retryToolCall: false });
    await h.core.interactions.broker.respondUrl(final.id, 'open');
    expect(await answer).toContain('User completed the URL elicitation flow');
    expect(h.opened).toEqual(['https://modelcontextprotocol.io', 'https://example.com/final']);
  });
});

describe('roots against server-everything (2025 era)', () => {
  it('granted folders reach the server as file:// URIs; a change is announced and picked up', async () => {
    const h = await start();
    const first = await mkdtemp(join(tmpdir(), 'sb-root-a-'));
    const second = await mkdtemp(join(tmpdir(), 'sb-root-b-'));
    const added = await h.core.handlers['roots.add']({ path: first });
    expect(added.roots).toEqual([
      { path: first, uri: pathToFileURL(first).href, name: first.split('/').at(-1), exists: true },
    ]);
    expect(await h.call('everything', 'get-roots-list')).toContain(pathToFileURL(first).href);
    await h.core.handlers['roots.add']({ path: second });
    // list_changed makes the server ask again; its tool then shows both.
    await expect
      .poll(() => h.call('everything', 'get-roots-list'), { timeout: 10_000 })
      .toContain(pathToFileURL(second).href);
    expect(h.events.filter((e) => e.name === 'roots.changed')).toHaveLength(2);
    const traffic = await h.core.handlers['mcp.getTraffic']({ server: 'everything' });
    expect(traffic.entries.some((e) => e.method === 'notifications/roots/list_changed')).toBe(true);
  });

  it('refuses paths that are not absolute existing folders, and the picker where there is none', async () => {
    const h = await start();
    for (const path of ['relative/dir', '/definitely/not/here', process.execPath]) {
      const error = await appError(() => h.core.handlers['roots.add']({ path }));
      expect(error.code).toBe(AppErrorCode.Validation);
    }
    expect(await h.core.handlers['roots.list']({})).toEqual({ roots: [], canPick: false });
    const error = await appError(() => h.core.handlers['roots.pick']({}));
    expect(error.code).toBe(AppErrorCode.Unsupported);
  });
});
