import { describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { oneToolCall, plainText } from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import {
  chat as chatReply,
  lastToolMessages,
  toolCall,
} from '../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import { startFakeOpenAi } from '../../../e2e/fixtures/fakeOpenAi/FakeOpenAi.mjs';
import { fixtureServer } from '../../services/mcp/testing/McpHarness';
import { startTestHost } from '../../services/testing/startTestHost';
import { useCliApp } from '../testing/useCliApp';

const app = useCliApp({
  echo: { command: process.execPath, args: [fixtureServer('echo.mjs')] },
});

function chat(...argv: string[]) {
  return app.run(['chat', ...argv]);
}

describe('cli chat', () => {
  it('--approve all runs the tool; --json prints the transcript as content blocks', async () => {
    app.fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'via cli' } }));
    const { code, out } = await chat('echo this', '--approve', 'all', '--json');
    expect(code).toBe(0);
    const json = JSON.parse(out) as {
      conversationId: string;
      messages: { role: string; content: unknown }[];
      stopReason: string;
      usage: object;
    };
    expect(json.stopReason).toBe('end_turn');
    expect(json.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(JSON.stringify(json.messages[2])).toContain('via cli');
    expect(json.usage).toHaveProperty('outputTokens');
  });

  it('--approve none denies; the model sees the denial; --conversation continues', async () => {
    app.fake.script(plainText('Hello there.'));
    const first = JSON.parse((await chat('hi', '--json')).out) as { conversationId: string };
    app.fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'x' } }));
    const { code, out } = await chat(
      'echo again',
      '--conversation',
      first.conversationId,
      '--approve',
      'none',
    );
    expect(code).toBe(0);
    expect(out).toMatch(/← error: Denied by the approval policy "none"/);
    const last = app.fake.messageRequests.at(-1)?.body as { messages: unknown[] };
    // History of the continued conversation went with the request.
    expect(JSON.stringify(last.messages)).toContain('Hello there.');
  });

  it('without a policy a call that needs a person fails closed', async () => {
    app.fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'x' } }));
    const { out } = await chat('echo', '--json');
    expect(out).toMatch(/no one|could approve|person/i);
  });

  it('a failed turn exits 1 with the reason', async () => {
    const { code, out } = await runCliWithKey('sk-wrong');
    expect(code).toBe(1);
    expect(out).toMatch(/LLM_AUTH/);
  });
});

async function runCliWithKey(key: string) {
  const strict = await startFakeAnthropic({ apiKey: 'sk-right' });
  try {
    return await app.run(['chat', 'hi', '--json'], {
      ANTHROPIC_API_KEY: key,
      ANTHROPIC_BASE_URL: strict.url,
    });
  } finally {
    await strict.close();
  }
}

describe('cli chat on another provider', () => {
  it('--model openai/MODEL runs on OPENAI_API_KEY and OPENAI_BASE_URL alone, tools included', async () => {
    const chatApi = await startFakeOpenAi({ apiKey: 'sk-openai-env' });
    try {
      chatApi.script(
        chatReply({ toolCalls: [toolCall('echo__echo', { text: 'via deepseek' })] }),
        (request) => chatReply(`Echoed: ${lastToolMessages(request)[0]?.text ?? ''}`),
      );
      const env = { OPENAI_API_KEY: 'sk-openai-env', OPENAI_BASE_URL: chatApi.url };
      const argv = ['chat', 'echo this', '--model', 'openai/deepseek-chat', '--approve', 'all'];
      const { code, out } = await app.run(argv, env);
      expect(code).toBe(0);
      expect(out).toContain('→ echo__echo {"text":"via deepseek"}');
      expect(out).toContain('Echoed: via deepseek');
      expect(chatApi.chatRequests.map((r) => (r.body as { model: string }).model)).toEqual([
        'deepseek-chat',
        'deepseek-chat',
      ]);

      const unknown = await app.run(['chat', 'hi', '--model', 'nowhere/x', '--json'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.out + unknown.err).toContain('There is no model provider “nowhere”');
    } finally {
      await chatApi.close();
    }
  });
});

describe('cli chat and the app’s grants', () => {
  it('says which grant let a call run without --approve; --ignore-grants leaves it out', async () => {
    // An "always allow" grant given in the app, on the same data folder.
    const { core } = await startTestHost(
      app.fake,
      { echo: { command: process.execPath, args: [fixtureServer('echo.mjs')] } },
      { dataDir: app.dir },
    );
    app.fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'granted' } }));
    const { id } = core.conversations.create();
    core.conversations.send(id, 'echo');
    // Its list is remembered from the runs above: the call starts it, then asks.
    await expect.poll(() => core.broker.pending().length, { timeout: 20_000 }).toBe(1);
    await core.broker.respond(core.broker.pending()[0]?.id ?? '', {
      kind: 'allow',
      scope: 'always',
    });
    await core.conversations.settled(id);
    await core.dispose();

    app.fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'again' } }));
    const granted = await chat('echo again');
    expect(granted.out).toMatch(/← again/);
    expect(granted.err).toMatch(
      /Allowed without --approve: echo › echo ran because of the "always allow" grant given in the app on \d{4}-\d\d-\d\d/,
    );
    expect(granted.err).toContain('--ignore-grants');

    app.fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'ignored' } }));
    const ignored = await chat('echo once more', '--ignore-grants');
    expect(ignored.out).toMatch(/← error: Denied: this tool call needs approval/);
    expect(ignored.err).not.toContain('Allowed without --approve');
  });
});
