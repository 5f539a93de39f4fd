import { describe, expect, it } from 'vitest';
import {
  lastToolResults,
  message,
  text,
  toolUse,
} from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { chat, lastToolMessages, toolCall } from '../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import { AppErrorCode } from '../../../shared/errors';
import type { HostCore } from '../createHostCore';
import { fixtureServer } from '../mcp/testing/McpHarness';
import { CHAT_KEY, useFakeChatApi } from '../models/openaiCompatible/testing/useFakeChatApi';
import { startTestHost } from '../testing/startTestHost';
import { useTestHosts } from '../testing/useTestHosts';

const chatApi = useFakeChatApi();
const hosts = useTestHosts(startTestHost);
const echoServers = { echo: { command: process.execPath, args: [fixtureServer('echo.mjs')] } };
const DEEPSEEK = 'openai/deepseek-chat';

/** A host whose `openai` provider comes from the environment alone, pointed at the fake. */
async function start(): Promise<HostCore> {
  const host = await hosts.start(echoServers, {
    env: { OPENAI_API_KEY: CHAT_KEY, OPENAI_BASE_URL: chatApi.fake.url },
  });
  return host.core;
}

async function answerNextApproval(
  core: HostCore,
  decision: { kind: 'allow'; scope: 'once' } | { kind: 'deny'; reason: string },
): Promise<void> {
  await expect.poll(() => core.broker.pending().length).toBe(1);
  await core.broker.respond(core.broker.pending()[0]?.id ?? '', decision);
}

describe('ConversationService with an OpenAI-compatible provider', () => {
  it('runs an approved tool call and stores the turn with the provider and model that wrote it', async () => {
    const core = await start();
    chatApi.fake.script(
      chat('Echoing.', { toolCalls: [toolCall('echo__echo', { text: 'from deepseek' })] }),
      (request) => chat(`It said: ${lastToolMessages(request)[0]?.text ?? ''}`),
    );
    const { id } = core.conversations.create();
    core.conversations.send(id, 'Echo something', DEEPSEEK);
    await answerNextApproval(core, { kind: 'allow', scope: 'once' });
    const result = await core.conversations.settled(id);
    expect(result?.stop.reason).toBe('end_turn');

    const stored = core.conversations.get(id);
    expect(stored.conversation.model).toBe(DEEPSEEK);
    expect(stored.messages.map((m) => [m.role, m.provider, m.model])).toEqual([
      ['user', undefined, undefined],
      ['assistant', 'openai', 'deepseek-chat'],
      ['user', undefined, undefined],
      ['assistant', 'openai', 'deepseek-chat'],
    ]);
    expect(stored.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'It said: from deepseek' },
    ]);
    expect(stored.toolCalls[0]).toMatchObject({ server: 'echo', tool: 'echo', status: 'done' });
    // The conversation's own model named it; nothing went to the Anthropic API.
    await core.conversations.titlesWritten();
    expect(chatApi.fake.titleRequests.map((r) => (r.body as { model: string }).model)).toEqual([
      'deepseek-chat',
    ]);
    expect(core.conversations.get(id).conversation.title).toBe('Echo something');
    expect(hosts.fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a denial reaches the model as the tool’s error with the person’s reason', async () => {
    const core = await start();
    chatApi.fake.script(
      chat({ toolCalls: [toolCall('echo__echo', { text: 'x' })] }),
      chat('Understood.'),
    );
    const { id } = core.conversations.create();
    core.conversations.send(id, 'echo please', DEEPSEEK);
    await answerNextApproval(core, { kind: 'deny', reason: 'not on this machine' });
    await core.conversations.settled(id);
    expect(chatApi.sent(1).messages.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('not on this machine') as string,
    });
    expect(core.conversations.get(id).toolCalls[0]?.status).toBe('denied');
  });

  it('switches to Claude mid-conversation and back, with the tool calls of both in the history', async () => {
    const core = await start();
    const { id } = core.conversations.create();
    // 1. DeepSeek calls a tool.
    chatApi.fake.script(
      chat({ toolCalls: [toolCall('echo__echo', { text: 'first' })] }),
      chat('DeepSeek got: first'),
    );
    core.conversations.send(id, 'Start', DEEPSEEK);
    await answerNextApproval(core, { kind: 'allow', scope: 'once' });
    await core.conversations.settled(id);
    const deepseekCall = core.conversations.get(id).toolCalls[0]?.toolUseId ?? '';
    expect(deepseekCall).toMatch(/^call_/);

    // 2. Claude sees DeepSeek's call and result as its own wire's blocks, and calls a tool too.
    hosts.fake.script(
      message([text('My turn.'), toolUse('echo__echo', { text: 'second' })]),
      (request) => message(`Claude got: ${lastToolResults(request)[0]?.text ?? ''}`),
    );
    core.conversations.send(id, 'Your turn, Claude', 'anthropic/claude-sonnet-5-5');
    await answerNextApproval(core, { kind: 'allow', scope: 'once' });
    await core.conversations.settled(id);
    const claudeBody = hosts.fake.messageRequests[0]?.body as {
      messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
    };
    expect(claudeBody.messages[1]?.content).toEqual([
      { type: 'tool_use', id: deepseekCall, name: 'echo__echo', input: { text: 'first' } },
    ]);
    expect(claudeBody.messages[2]?.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: deepseekCall,
    });
    const claudeCall = core.conversations.get(id).toolCalls[1]?.toolUseId ?? '';
    expect(claudeCall).toMatch(/^toolu_/);

    // 3. Back to DeepSeek: both calls, each answered under its own id.
    chatApi.fake.script(chat('Back again.'));
    core.conversations.send(id, 'Back to you', DEEPSEEK);
    await core.conversations.settled(id);
    const calls = chatApi
      .sent(2)
      .messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id).concat(m.tool_call_id ?? []));
    expect(calls).toEqual([deepseekCall, deepseekCall, claudeCall, claudeCall]);
    expect(
      core.conversations
        .get(id)
        .messages.filter((m) => m.role === 'assistant')
        .map((m) => `${m.provider ?? ''}/${m.model ?? ''}`),
    ).toEqual([
      'openai/deepseek-chat',
      'openai/deepseek-chat',
      'anthropic/claude-sonnet-5-5',
      'anthropic/claude-sonnet-5-5',
      'openai/deepseek-chat',
    ]);
  });

  it('offers the skills host tool on this provider too, and runs it without asking', async () => {
    const { core } = await hosts.start(
      { skills: { command: process.execPath, args: [fixtureServer('skills.mjs')] } },
      { env: { OPENAI_API_KEY: CHAT_KEY, OPENAI_BASE_URL: chatApi.fake.url } },
    );
    await core.mcp.settled(20_000);
    await core.skills.idle();
    const listed = core.skills.view('skills');
    const skill = listed.skills.find((s) => s.name === 'release-notes');
    await core.skills.setEnabled('skills', skill?.uri ?? '', true);
    chatApi.fake.script(
      chat({ toolCalls: [toolCall('load_skill', { skill: 'skills/release-notes' })] }),
      (request) => chat(`Loaded: ${lastToolMessages(request)[0]?.text ?? ''}`),
    );
    const { id } = core.conversations.create();
    core.conversations.send(id, 'Write the release notes', DEEPSEEK);
    await core.conversations.settled(id);
    const offered = (chatApi.sent(0).tools ?? []).map((t) => t.function.name);
    expect(offered).toContain('load_skill');
    expect(core.broker.pending()).toEqual([]);
    expect(core.conversations.get(id).messages.at(-1)?.content).toEqual([
      {
        type: 'text',
        text: expect.stringContaining('Always open with the word SHIPPED.') as string,
      },
    ]);
    // The card names the host as the tool's origin, not a server the person approved.
    expect(core.conversations.get(id).toolCalls[0]).toMatchObject({
      server: 'Switchboard',
      tool: 'load_skill',
      status: 'done',
    });
  });

  it('refuses a model of a provider there is not, before anything is stored', async () => {
    const core = await start();
    const { id } = core.conversations.create();
    expect(() => core.conversations.send(id, 'hi', 'nowhere/model-x')).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
    expect(core.conversations.get(id).messages).toEqual([]);
  });
});
