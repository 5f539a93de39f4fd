import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { AppErrorCode } from '../../../shared/errors';
import { AnthropicModel } from './anthropic/AnthropicModel';
import { createModelServices } from './createModelServices';
import { OpenAiCompatibleModel } from './openaiCompatible/OpenAiCompatibleModel';
import { CHAT_KEY, useFakeChatApi } from './openaiCompatible/testing/useFakeChatApi';
import { settingsIn } from './testing/settingsIn';

const chatApi = useFakeChatApi();
let claude: FakeAnthropic;
beforeAll(async () => {
  claude = await startFakeAnthropic({ apiKey: 'sk-ant-registry' });
});
afterAll(async () => {
  await claude.close();
});

async function services() {
  const dir = await mkdtemp(join(tmpdir(), 'sb-registry-'));
  const env = {
    ANTHROPIC_API_KEY: 'sk-ant-registry',
    ANTHROPIC_BASE_URL: claude.url,
    OPENAI_API_KEY: CHAT_KEY,
    OPENAI_BASE_URL: chatApi.fake.url,
  };
  const { settings, secrets, log } = await settingsIn(dir, env);
  return createModelServices({ file: join(dir, 'providers.json'), secrets, settings, env, log });
}

/** A loopback port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('ModelRegistry', () => {
  it('lists every provider’s models as refs, typed-in ones after listed ones, failures with their reason', async () => {
    const { providers, registry } = await services();
    const port = await deadPort();
    const local = await providers.add({ preset: 'ollama', baseURL: `http://127.0.0.1:${port}/v1` });
    await providers.update(local.id, { models: ['qwen3:8b'] });
    const deepseek = await providers.add({ preset: 'deepseek', baseURL: chatApi.fake.url });

    const groups = await registry.groups();
    expect(groups.map((g) => [g.provider, g.models.map((m) => m.id)])).toEqual([
      [
        { id: 'anthropic', name: 'Anthropic' },
        [
          'anthropic/claude-opus-5-5',
          'anthropic/claude-sonnet-5-5',
          'anthropic/claude-haiku-5-5',
          'anthropic/claude-sonnet-4-5',
        ],
      ],
      [
        { id: 'openai', name: `OpenAI-compatible (${new URL(chatApi.fake.url).host})` },
        ['openai/deepseek-chat', 'openai/deepseek-reasoner', 'openai/qwen3-coder-plus'],
      ],
      [{ id: 'ollama', name: 'Ollama' }, ['ollama/qwen3:8b']],
      // Its key is refused: the preset's known models stand in, with the reason.
      [
        { id: 'deepseek', name: 'DeepSeek' },
        ['deepseek/deepseek-chat', 'deepseek/deepseek-reasoner'],
      ],
    ]);
    expect(groups[2]?.error).toContain(
      `Could not reach the Ollama API at http://127.0.0.1:${port}/v1`,
    );
    expect(groups[3]?.error).toMatch(/^DeepSeek rejected the API key: Incorrect API key provided/);
    expect(groups[0]?.error).toBeUndefined();
    // The reason as a message key too, for windows in another language.
    expect(groups[2]?.errorText?.key).toMatch(/^model\./);

    // Test connection says the same, with the code.
    expect(await registry.test(deepseek.id)).toMatchObject({
      ok: false,
      error: { code: AppErrorCode.LlmAuth, message: groups[3]?.error },
    });
    await providers.setApiKey(deepseek.id, CHAT_KEY);
    expect(await registry.test(deepseek.id)).toMatchObject({ ok: true, models: 3 });
    // A new key is a new list: not the cached failure.
    const listed = (await registry.groups()).find((g) => g.provider.id === 'deepseek');
    expect(listed?.models.map((m) => m.id)).toContain('deepseek/qwen3-coder-plus');
    expect(listed?.error).toBeUndefined();
  });

  it('resolves refs to clients, keeps a client while its connection stays, and refuses unknown providers', async () => {
    const { providers, registry } = await services();
    const first = registry.resolve('openai/deepseek-chat');
    expect(first).toMatchObject({ provider: 'openai', model: 'deepseek-chat' });
    expect(first.client).toBeInstanceOf(OpenAiCompatibleModel);
    expect(registry.resolve('openai/deepseek-reasoner').client).toBe(first.client);
    expect(registry.resolve('claude-sonnet-5-5')).toMatchObject({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
    });
    const added = await providers.add({ preset: 'openrouter' });
    const before = registry.client(added.id);
    await providers.setApiKey(added.id, 'sk-or');
    expect(registry.client(added.id)).not.toBe(before);
    expect(registry.resolve('openrouter/anthropic/claude-sonnet-4.5').model).toBe(
      'anthropic/claude-sonnet-4.5',
    );
    // Another Anthropic endpoint, added from the Anthropic preset, speaks the Messages API.
    const endpoint = await providers.add({ preset: 'anthropic', baseURL: claude.url });
    expect(endpoint.id).toBe('anthropic-2');
    await providers.setApiKey(endpoint.id, 'sk-ant-registry');
    expect(registry.client(endpoint.id)).toBeInstanceOf(AnthropicModel);
    expect(await registry.test(endpoint.id)).toMatchObject({ ok: true, models: 4 });
    expect(() => registry.resolve('nowhere/x')).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
  });
});
