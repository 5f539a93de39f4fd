import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SettingsSnapshot } from '../../../shared/domain/settings';
import { FileSecretStore } from '../../platform/FileSecretStore';
import { createLogger } from '../../platform/Logger';
import { HostEvents } from '../base/HostEvents';
import { API_KEY_SECRET, SettingsService } from './SettingsService';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-settings-'));
});

function service(env: Record<string, string> = {}) {
  const events = new HostEvents();
  const seen: SettingsSnapshot[] = [];
  events.subscribe((name, payload) => {
    if (name === 'settings.changed') seen.push(payload as SettingsSnapshot);
  });
  const secrets = new FileSecretStore(join(dir, 'secrets.json'));
  const settings = new SettingsService({
    file: join(dir, 'settings.json'),
    secrets,
    events,
    env,
    log: createLogger({ consoleLevel: 'silent' }),
  });
  return { settings, seen, secrets };
}

describe('SettingsService', () => {
  it('starts from defaults and persists updates across instances', async () => {
    const first = service();
    await first.settings.load();
    expect(first.settings.snapshot()).toMatchObject({ theme: 'system', language: 'en' });
    await first.settings.update({ theme: 'dark', language: 'zh-CN' });
    expect(first.seen.at(-1)).toMatchObject({ theme: 'dark', language: 'zh-CN' });

    const second = service();
    await second.settings.load();
    expect(second.settings.snapshot()).toMatchObject({ theme: 'dark', language: 'zh-CN' });
  });

  it('keeps both of two changes made at once, in memory and on disk', async () => {
    const { settings, seen } = service();
    await settings.load();
    // The second starts while the first is still being written.
    const [first, second] = await Promise.all([
      settings.update({ language: 'zh-CN' }),
      settings.update({ theme: 'dark' }),
    ]);
    expect(first).toMatchObject({ language: 'zh-CN', theme: 'system' });
    expect(second).toMatchObject({ language: 'zh-CN', theme: 'dark' });
    expect(seen.at(-1)).toMatchObject({ language: 'zh-CN', theme: 'dark' });
    expect(settings.snapshot()).toMatchObject({ language: 'zh-CN', theme: 'dark' });
    const onDisk = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as object;
    expect(onDisk).toMatchObject({ language: 'zh-CN', theme: 'dark' });
  });

  it('stores the API key only in the secret store and never in snapshots or settings.json', async () => {
    const { settings, seen, secrets } = service();
    await settings.load();
    const snapshot = await settings.setApiKey('sk-ant-very-secret-key');
    expect(snapshot.apiKeySource).toBe('secret-store');
    expect(JSON.stringify(seen)).not.toContain('sk-ant-very-secret-key');
    expect(await secrets.get(API_KEY_SECRET)).toBe('sk-ant-very-secret-key');
    await settings.update({ theme: 'light' });
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain('sk-ant');
    expect(await settings.getApiKey()).toBe('sk-ant-very-secret-key');
    expect((await settings.clearApiKey()).apiKeySource).toBe('none');
    expect(await settings.getApiKey()).toBeUndefined();
  });

  it('falls back to ANTHROPIC_API_KEY from the environment', async () => {
    const { settings } = service({ ANTHROPIC_API_KEY: 'sk-ant-env' });
    await settings.load();
    expect(settings.snapshot().apiKeySource).toBe('environment');
    expect(await settings.getApiKey()).toBe('sk-ant-env');
  });

  it('rejects invalid updates and keeps the previous value', async () => {
    const { settings } = service();
    await settings.load();
    await expect(settings.update({ apiBaseUrl: 'ftp://x' })).rejects.toThrow();
    expect(settings.snapshot().apiBaseUrl).toBe('https://api.anthropic.com');
  });

  it('keeps an unreadable settings file aside instead of losing it', async () => {
    await writeFile(join(dir, 'settings.json'), '{ not json');
    const { settings } = service();
    await settings.load();
    expect(settings.snapshot().theme).toBe('system');
    const files = await readdir(dir);
    const kept = files.find((f) => f.startsWith('settings.json.invalid-'));
    expect(kept).toBeDefined();
    expect(await readFile(join(dir, kept ?? ''), 'utf8')).toBe('{ not json');
  });

  it('fills keys missing from an older file with defaults', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark' }));
    const { settings } = service();
    await settings.load();
    expect(settings.snapshot()).toMatchObject({ theme: 'dark', language: 'en' });
  });
});
