import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chat, lastToolMessages, toolCall } from '../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import type { EventPayload } from '../../../shared/ipc/contract';
import { appsFixture } from '../apps/testing/startAppsHost';
import { fixtureServer } from '../mcp/testing/McpHarness';
import { CHAT_KEY, useFakeChatApi } from '../models/openaiCompatible/testing/useFakeChatApi';
import { startTestHost, type TestHost } from '../testing/startTestHost';
import { useTestHosts } from '../testing/useTestHosts';

const chatApi = useFakeChatApi();
const hosts = useTestHosts(startTestHost);
const DEEPSEEK = 'openai/deepseek-chat';
const COUNTER = 'ui://apps-fixture/counter.html';

/** A headless host (every call allowed) whose `openai` provider is the fake Chat Completions API. */
function start(servers: Record<string, Record<string, unknown>>): Promise<TestHost> {
  return hosts.start(servers, {
    env: { OPENAI_API_KEY: CHAT_KEY, OPENAI_BASE_URL: chatApi.fake.url },
    options: { headless: { policy: 'all' } },
  });
}

/** What the model was sent back from its tool calls in the `index`-th completion request. */
function toolMessages(index: number): Array<{ toolCallId: string; text: string }> {
  const request = chatApi.fake.chatRequests[index];
  if (!request) throw new Error(`no completion request #${index}`);
  return lastToolMessages(request);
}

async function chatOnce(host: TestHost, text: string): Promise<string> {
  const { id } = host.core.conversations.create();
  host.core.conversations.send(id, text, DEEPSEEK);
  const result = await host.core.conversations.settled(id);
  expect(result?.stop.reason).toBe('end_turn');
  return id;
}

describe('Apps and tasks on an OpenAI-compatible provider', () => {
  it('offers no App-only tool, streams the App call’s input and tells the model about its App', async () => {
    const host = await start({ modern: appsFixture('modern') });
    chatApi.fake.script(
      chat({ toolCalls: [toolCall('modern__counter', {})], argChunkChars: 1 }),
      chat('Shown.'),
    );
    const id = await chatOnce(host, 'Show the counter');

    const offered = chatApi.sent(0).tools?.map((t) => t.function.name) ?? [];
    expect(offered).toEqual(expect.arrayContaining(['modern__counter', 'modern__secret']));
    expect(offered).not.toContain('modern__bump');
    // Headless: no screen, and the model is told so in the tool message.
    const [result] = toolMessages(1);
    expect(result?.text).toContain(
      `Host note: this tool has an interactive UI (${COUNTER}), but this host has no screen`,
    );
    const drafted = host.events.flatMap(({ name, payload }) => {
      const streamed = payload as EventPayload<'conversation.streamed'>;
      return name === 'conversation.streamed' && streamed.event.type === 'toolInputDelta'
        ? [streamed]
        : [];
    });
    expect(drafted[0]?.tool).toEqual({ server: 'modern', tool: 'counter', uiResourceUri: COUNTER });
    expect(host.core.conversations.get(id).toolCalls[0]).toMatchObject({
      server: 'modern',
      tool: 'counter',
      uiResourceUri: COUNTER,
      status: 'done',
    });
  });

  it('runs a task tool through the tasks hook and answers the model with the task’s result', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-tasks-'));
    const host = await start({
      jobs: {
        command: process.execPath,
        args: [fixtureServer('modern-v2-tasks.mjs')],
        env: { TASKS_FILE: join(dir, 'server-tasks.json'), TASKS_POLL_MS: '100' },
      },
    });
    chatApi.fake.script(
      chat({ toolCalls: [toolCall('jobs__research', { topic: 'tides', seconds: 0.3 })] }),
      (request) => chat(`Done: ${lastToolMessages(request)[0]?.text ?? ''}`),
    );
    const id = await chatOnce(host, 'Research tides');

    expect(toolMessages(1)[0]?.text).toBe('Research report on tides: 3 stages done.');
    expect(host.core.tasks.service.list().find((t) => t.conversationId === id)).toMatchObject({
      server: 'jobs',
      tool: 'research',
      origin: 'chat',
      status: 'completed',
      delivery: 'delivered',
    });
    expect(host.core.conversations.get(id).toolCalls[0]?.status).toBe('done');
  });
});
