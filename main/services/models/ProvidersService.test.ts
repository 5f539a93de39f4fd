import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProviderView } from '../../../shared/domain/providers';
import { AppErrorCode } from '../../../shared/errors';
import { ProvidersService } from './ProvidersService';
import { settingsIn } from './testing/settingsIn';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-providers-'));
});

async function service(env: Record<string, string> = {}) {
  const { settings, secrets, log } = await settingsIn(dir, env);
  const providers = new ProvidersService({
    file: join(dir, 'providers.json'),
    secrets,
    settings,
    env,
    log,
  });
  await providers.load();
  const changes: ProviderView[][] = [];
  providers.onDidChange((list) => changes.push(list));
  return { providers, settings, secrets, changes };
}

const summary = (list: ProviderView[]) => list.map((p) => `${p.id}:${p.origin}:${p.keySource}`);

describe('ProvidersService', () => {
  it('always has Claude built in, its URL and key from settings', async () => {
    const { providers, settings } = await service({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/' });
    expect(summary(providers.list())).toEqual(['anthropic:built-in:none']);
    expect(providers.resolve('anthropic').view.baseURL).toBe('http://127.0.0.1:9/');
    await providers.setApiKey('anthropic', 'sk-ant-x');
    expect(await settings.getApiKey()).toBe('sk-ant-x');
    expect(providers.resolve('anthropic')).toMatchObject({
      apiKey: 'sk-ant-x',
      view: { keySource: 'secret-store' },
    });
    await providers.update('anthropic', { baseURL: 'https://proxy.example/anthropic' });
    expect(settings.snapshot().apiBaseUrl).toBe('https://proxy.example/anthropic');
    await expect(providers.update('anthropic', { name: 'Mine' })).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
    await expect(providers.remove('anthropic')).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
  });

  it('adds providers from presets, keeps them across restarts, and their keys only in the secret store', async () => {
    const first = await service();
    const deepseek = await first.providers.add({ preset: 'deepseek' });
    expect(deepseek).toMatchObject({
      id: 'deepseek',
      kind: 'openai-compatible',
      name: 'DeepSeek',
      baseURL: 'https://api.deepseek.com',
      keySource: 'none',
      images: false,
    });
    const second = await first.providers.add({ preset: 'deepseek', name: 'DeepSeek (work)' });
    expect(second.id).toBe('deepseek-2');
    const ollama = await first.providers.add({ preset: 'ollama' });
    expect(ollama).toMatchObject({ baseURL: 'http://127.0.0.1:11434/v1', keySource: 'not-needed' });
    await first.providers.setApiKey('deepseek', 'sk-deepseek-secret');
    await first.providers.update('deepseek', { models: ['deepseek-chat'], images: true });
    expect(first.changes.length).toBeGreaterThanOrEqual(5);

    const file = await readFile(join(dir, 'providers.json'), 'utf8');
    expect(file).not.toContain('sk-deepseek-secret');
    // Kept with the origin it was saved for.
    expect(JSON.parse((await first.secrets.get('provider:deepseek:apiKey')) ?? '')).toEqual({
      key: 'sk-deepseek-secret',
      origin: 'https://api.deepseek.com',
    });

    const again = await service();
    expect(summary(again.providers.list())).toEqual([
      'anthropic:built-in:none',
      'deepseek:added:secret-store',
      'deepseek-2:added:none',
      'ollama:added:not-needed',
    ]);
    expect(again.providers.resolve('deepseek')).toMatchObject({
      apiKey: 'sk-deepseek-secret',
      needsKey: true,
      view: { models: ['deepseek-chat'], images: true },
    });
    await again.providers.remove('deepseek');
    expect(await again.secrets.get('provider:deepseek:apiKey')).toBeUndefined();
    expect(() => again.providers.resolve('deepseek')).toThrow(/no model provider “deepseek”/);
  });

  it('an `openai` provider comes from the environment alone, and an added one takes its key', async () => {
    const env = { OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' };
    const { providers } = await service(env);
    expect(providers.resolve('openai')).toMatchObject({
      apiKey: 'sk-env',
      maxTokensField: 'max_tokens',
      view: { origin: 'environment', keySource: 'environment', baseURL: env.OPENAI_BASE_URL },
    });
    await expect(providers.setApiKey('openai', 'sk-other')).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
    // Added from the preset, it replaces the environment's and uses its key until it has one.
    await providers.add({ preset: 'openai' });
    expect(summary(providers.list())).toEqual([
      'anthropic:built-in:none',
      'openai:added:environment',
    ]);
    expect(providers.resolve('openai')).toMatchObject({
      apiKey: 'sk-env',
      maxTokensField: 'max_completion_tokens',
      view: { baseURL: 'https://api.openai.com/v1' },
    });
  });

  it('never sends a stored key to another origin than the one it was saved for', async () => {
    const { providers } = await service();
    await providers.add({ preset: 'deepseek' });
    await providers.setApiKey('deepseek', 'sk-deepseek-secret');
    await providers.update('deepseek', { baseURL: 'https://API.deepseek.com/v1' });
    expect(providers.resolve('deepseek')).toMatchObject({
      apiKey: 'sk-deepseek-secret',
      view: { keySource: 'secret-store' },
    });
    // A URL pointing elsewhere (a compromised window could set one): the key stays home.
    await providers.update('deepseek', { baseURL: 'https://collector.example/v1' });
    expect(providers.resolve('deepseek')).toMatchObject({
      apiKey: undefined,
      view: { keySource: 'other-origin' },
    });
    const restarted = await service();
    expect(restarted.providers.resolve('deepseek').apiKey).toBeUndefined();
    await restarted.providers.update('deepseek', { baseURL: 'https://api.deepseek.com' });
    expect(restarted.providers.resolve('deepseek').apiKey).toBe('sk-deepseek-secret');
  });

  it('refuses a bad URL and leaves the provider as it was', async () => {
    const { providers } = await service();
    await providers.add({ preset: 'custom' });
    await expect(providers.update('custom', { baseURL: 'ftp://x' })).rejects.toThrow();
    expect(providers.resolve('custom').view.baseURL).toBe('http://127.0.0.1:8000/v1');
  });
});
