import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../shared/errors';
import { FileSecretStore } from './FileSecretStore';
import { SafeStorageSecretStore, type StringEncryptor } from './SafeStorageSecretStore';

/** A reversible stand-in for the OS keychain at the seam Electron's safeStorage fills. */
function encryptor(available = true): StringEncryptor {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
    decryptString: (data) => Buffer.from(data.map((b) => b ^ 0x5a)).toString('utf8'),
  };
}

describe('FileSecretStore', () => {
  it('keeps secrets in a file only its owner can read', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'sb-sec-')), 'secrets.json');
    const store = new FileSecretStore(file);
    // What the window then says about it (Settings → Secrets, the server form, provider keys).
    expect(store.storage).toBe('privateFile');
    expect(await store.get('k')).toBeUndefined();
    await store.set('k', 'v1');
    await store.set('other', 'v2');
    expect(await store.get('k')).toBe('v1');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await store.keys()).sort()).toEqual(['k', 'other']);
    await store.delete('k');
    expect(await store.get('k')).toBeUndefined();
    expect(await store.get('other')).toBe('v2');
    expect(await store.keys()).toEqual(['other']);
  });

  it('keeps every one of many overlapping writes (API key and tokens saved at once)', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'sb-sec-')), 'secrets.json');
    const store = new FileSecretStore(file);
    const names = Array.from({ length: 40 }, (_, i) => `oauth:s${String(i)}:tokens`);
    await Promise.all([
      ...names.map((name) => store.set(name, `t-${name}`)),
      store.set('anthropic.apiKey', 'sk-ant-x'),
    ]);
    await Promise.all([store.delete(names[0] ?? ''), store.set('late', 'v')]);
    const kept = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(kept).sort()).toEqual(
      [...names.slice(1), 'anthropic.apiKey', 'late'].sort(),
    );
  });
});

describe('SafeStorageSecretStore', () => {
  it('stores only ciphertext on disk', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'sb-sec-')), 'secrets.json');
    const store = new SafeStorageSecretStore(file, encryptor());
    await store.set('anthropic.apiKey', 'sk-ant-plain');
    expect(await readFile(file, 'utf8')).not.toContain('sk-ant-plain');
    expect(await store.get('anthropic.apiKey')).toBe('sk-ant-plain');
    expect(await store.keys()).toEqual(['anthropic.apiKey']);
    await store.delete('anthropic.apiKey');
    expect(await store.get('anthropic.apiKey')).toBeUndefined();
    expect(await store.keys()).toEqual([]);
  });

  it('refuses to store secrets when the keychain is unavailable', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'sb-sec-')), 'secrets.json');
    const store = new SafeStorageSecretStore(file, encryptor(false));
    await expect(store.set('k', 'v')).rejects.toMatchObject({
      code: AppErrorCode.SecretStoreUnavailable,
    });
  });

  it('keeps every one of many overlapping writes', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'sb-sec-')), 'secrets.json');
    const store = new SafeStorageSecretStore(file, encryptor());
    const names = Array.from({ length: 40 }, (_, i) => `k${String(i)}`);
    await Promise.all(names.map((name) => store.set(name, `v-${name}`)));
    for (const name of names) expect(await store.get(name)).toBe(`v-${name}`);
  });
});
