import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { message } from '../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { oneToolCall } from '../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import { everything } from '../services/interactions/testing/startInteractionHost';
import { parseCliArgs } from './parseCliArgs';
import { useCliApp } from './testing/useCliApp';

const app = useCliApp({ everything });

function cli(...argv: string[]) {
  return app.run(argv);
}

async function answersFile(content: unknown): Promise<string> {
  const file = join(app.dir, `answers-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const sampling = ['call', 'everything', 'trigger-sampling-request', '--args', '{"prompt":"hi"}'];
const elicitation = ['call', 'everything', 'trigger-elicitation-request'];

describe('cli --sampling', () => {
  it('approve: the request goes to the model as sent; the answer goes back as generated', async () => {
    app.fake.reset().script(message('Generated for the server.'));
    const { code, out } = await cli(...sampling, '--sampling', 'approve');
    expect(code).toBe(0);
    expect(out).toContain('Generated for the server.');
    const body = app.fake.messageRequests.at(-1)?.body as Record<string, unknown>;
    expect(JSON.stringify(body.system)).toContain('You are a helpful test server.');
    expect(body.max_tokens).toBe(100);
  });

  it('without a policy, or with deny, the request is rejected and the reason printed', async () => {
    app.fake.reset();
    for (const extra of [[], ['--sampling', 'deny']]) {
      const { code, out, err } = await cli(...sampling, ...extra);
      expect(code).toBe(1);
      expect(out).toContain('Sampling was not approved');
      expect(err).toContain('use --sampling approve');
    }
    expect(app.fake.messageRequests).toHaveLength(0);
    expect((await cli(...sampling, '--sampling', 'maybe')).err).toContain(
      '--sampling must be approve or deny',
    );
  });
});

describe('cli --elicit', () => {
  it('FILE: given answers with their types, the rest from the defaults', async () => {
    const file = await answersFile({ name: 'Ada', integer: 9, check: true });
    const { code, out } = await cli(...elicitation, '--elicit', file);
    expect(code).toBe(0);
    expect(out).toContain('- Name: Ada');
    expect(out).toContain('"integer": 9,');
    expect(out).toContain('"check": true');
    expect(out).toContain('"firstLine": "It was a dark and stormy night."');
  });

  it('answers that do not fit the form, or a missing required field, decline it with a note', async () => {
    const wrong = await cli(
      ...elicitation,
      '--elicit',
      await answersFile({ name: 'A', integer: 1000 }),
    );
    expect(wrong.out).toContain('User declined');
    expect(wrong.err).toContain('integer: At most 100.');
    // accept-defaults leaves the required `name` empty.
    const defaults = await cli(...elicitation, '--elicit', 'accept-defaults');
    expect(defaults.out).toContain('User declined');
    expect(defaults.err).toContain('name: Required.');
  });

  it('{"action":"cancel"} cancels; no policy declines', async () => {
    const cancel = await cli(...elicitation, '--elicit', await answersFile({ action: 'cancel' }));
    expect(cancel.out).toContain('User cancelled');
    const none = await cli(...elicitation);
    expect(none.out).toContain('User declined');
    expect(none.err).toContain('use --elicit');
  });

  it('a file that is not an answer object is a usage error', async () => {
    for (const content of ['{not json', '[1,2]', '{"action":"accept"}', '{"a":{"b":1}}']) {
      const { code, err } = await cli(...elicitation, '--elicit', await answersFile(content));
      expect(code).toBe(1);
      expect(err).toContain('--elicit');
    }
    expect((await cli(...elicitation, '--elicit', join(app.dir, 'missing.json'))).err).toContain(
      'cannot read',
    );
  });

  it('URL requests are declined without a person', async () => {
    const { out, err } = await cli(
      'call',
      'everything',
      'trigger-url-elicitation',
      '--args',
      '{"url":"https://example.com/x"}',
    );
    expect(out).toContain('User declined to open the URL');
    expect(err).toContain('https://example.com/x');
  });
});

describe('cli --roots', () => {
  it('takes every value up to the next flag; the server sees them as file:// URIs', async () => {
    const a = await mkdtemp(join(tmpdir(), 'sb-cli-root-a-'));
    const b = await mkdtemp(join(tmpdir(), 'sb-cli-root-b-'));
    const { code, out } = await cli(
      'call',
      'everything',
      'get-roots-list',
      '--roots',
      a,
      b,
      '--json',
    );
    expect(code).toBe(0);
    expect(out).toContain(pathToFileURL(a).href);
    expect(out).toContain(pathToFileURL(b).href);
    const bad = await cli('call', 'everything', 'get-roots-list', '--roots', join(a, 'nope'));
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('There is no folder');
  });

  it('parses repeatable, variadic --roots', () => {
    const args = parseCliArgs(['call', 's', 't', '--roots', '/a', '/b', '--json', '--roots', '/c']);
    expect(args.lists.get('roots')).toEqual([['/a', '/b'], ['/c']]);
    expect(args.flags.get('json')).toBe(true);
    expect(() => parseCliArgs(['call', '--roots', '--json'])).toThrow('at least one value');
  });
});

describe('cli chat with server requests', () => {
  it('a tool that samples during a chat turn gets the generated answer', async () => {
    const turn = oneToolCall({
      name: 'everything__trigger-sampling-request',
      input: { prompt: 'inner' },
    });
    app.fake.reset().script(turn.slice(0, 1), message('Inner completion.'), turn.slice(1));
    const { code, out } = await cli(
      'chat',
      'use the sampling tool',
      '--approve',
      'all',
      '--sampling',
      'approve',
    );
    expect(code).toBe(0);
    expect(out).toContain('Inner completion.');
    expect(app.fake.messageRequests).toHaveLength(3);
  });

  it('without --sampling the tool sees a refusal, and the note says how to allow it', async () => {
    app.fake
      .reset()
      .script(
        oneToolCall({ name: 'everything__trigger-sampling-request', input: { prompt: 'inner' } }),
      );
    const { out, err } = await cli('chat', 'use the sampling tool', '--approve', 'all');
    expect(out).toContain('Sampling was not approved');
    expect(err).toContain('use --sampling approve');
    expect(app.fake.messageRequests).toHaveLength(2);
  });
});
