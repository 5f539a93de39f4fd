import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chooseElectronSecretStore,
  electronSecretStorage,
  keychainSecretsFile,
  type SafeStorageApi,
} from './chooseElectronSecretStore';
import { FileSecretStore } from './FileSecretStore';
import { SafeStorageSecretStore } from './SafeStorageSecretStore';

/**
 * Electron's safeStorage at its seam: values come out as Chromium writes them, "v10" + bytes
 * for `basic_text` (its built-in key) and "v11" + bytes for a keyring's key.
 */
function safeStorage(backend: string | undefined, available = true): SafeStorageApi {
  const prefix = backend === 'basic_text' ? 'v10' : 'v11';
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) =>
      Buffer.concat([Buffer.from(prefix), Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)]),
    decryptString: (data) => {
      if (!data.subarray(0, 3).equals(Buffer.from(prefix))) throw new Error('cannot decrypt');
      return Buffer.from(data.subarray(3).map((b) => b ^ 0x5a)).toString('utf8');
    },
    ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
  };
}
const secretsFile = async () => join(await mkdtemp(join(tmpdir(), 'sb-choice-')), 'secrets.json');

describe('electronSecretStorage: a keychain only where there is one', () => {
  it.each([
    ['linux', 'gnome_libsecret', { kind: 'keychain' }],
    ['linux', 'kwallet6', { kind: 'keychain' }],
    ['linux', 'kwallet5', { kind: 'keychain' }],
    ['linux', 'basic_text', { kind: 'privateFile', why: 'noSecretService' }],
    // Read before `ready`, or a backend Electron adds later: not counted as a keychain.
    ['linux', 'unknown', { kind: 'privateFile', why: 'noSecretService' }],
    ['darwin', undefined, { kind: 'keychain' }],
    ['win32', undefined, { kind: 'keychain' }],
  ] as const)('%s with %s → %o', (platform, backend, expected) => {
    expect(electronSecretStorage(safeStorage(backend), platform)).toEqual(expected);
  });

  it('no safeStorage, or encryption unavailable, is no keychain on any system', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(electronSecretStorage(undefined, platform)).toEqual({
        kind: 'privateFile',
        why: 'keychainUnavailable',
      });
      expect(electronSecretStorage(safeStorage('gnome_libsecret', false), platform)).toEqual({
        kind: 'privateFile',
        why: 'keychainUnavailable',
      });
    }
  });
});

describe('chooseElectronSecretStore', () => {
  it('basic_text: the private file the web shell uses (0600, plain values), said as such', async () => {
    const file = await secretsFile();
    const chosen = await chooseElectronSecretStore(file, safeStorage('basic_text'), 'linux');
    expect(chosen.storage).toEqual({ kind: 'privateFile', why: 'noSecretService' });
    expect(chosen.store).toBeInstanceOf(FileSecretStore);
    await chosen.store.set('token', 's3cret');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ token: 's3cret' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // The web shell reads the same secret from the same file.
    expect(await new FileSecretStore(file).get('token')).toBe('s3cret');
  });

  it('a real keychain encrypts through safeStorage', async () => {
    const file = await secretsFile();
    const chosen = await chooseElectronSecretStore(file, safeStorage('gnome_libsecret'), 'linux');
    expect(chosen.storage).toEqual({ kind: 'keychain' });
    expect(chosen.store).toBeInstanceOf(SafeStorageSecretStore);
    await chosen.store.set('token', 's3cret');
    const encrypted = await readFile(keychainSecretsFile(file), 'utf8');
    expect(encrypted).toContain('token');
    expect(encrypted).not.toContain('s3cret');
    expect(await chosen.store.get('token')).toBe('s3cret');
  });

  it('the keychain never shares a file with the CLI and web shell, which write plain values', async () => {
    const file = await secretsFile();
    // An earlier desktop app kept its encrypted values in secrets.json; the CLI added a plain one.
    const older = new SafeStorageSecretStore(file, safeStorage('gnome_libsecret'));
    await older.set('anthropic.apiKey', 'sk-ant-kept');
    await new FileSecretStore(file).set('cli-token', 'plain-from-cli');

    const chosen = await chooseElectronSecretStore(file, safeStorage('gnome_libsecret'), 'linux');
    expect(await chosen.store.get('anthropic.apiKey')).toBe('sk-ant-kept');
    await chosen.store.set('desktop-token', 'kept-in-keychain');
    // The CLI reads its own value back intact and sees nothing encrypted as if it were plain.
    const cli = new FileSecretStore(file);
    expect(await cli.keys()).toEqual(['cli-token']);
    expect(await cli.get('cli-token')).toBe('plain-from-cli');
    await cli.set('later', 'also-plain');
    expect(await chosen.store.get('desktop-token')).toBe('kept-in-keychain');
    expect(await chosen.store.keys()).toEqual(['anthropic.apiKey', 'desktop-token']);
    expect((await stat(keychainSecretsFile(file))).mode & 0o777).toBe(0o600);
  });

  it('keeps what an earlier version stored through basic_text, readable as before', async () => {
    const file = await secretsFile();
    const older = new SafeStorageSecretStore(file, safeStorage('basic_text'));
    await older.set('anthropic.apiKey', 'sk-ant-kept');
    const existing = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    await writeFile(file, JSON.stringify({ ...existing, plain: 'djEx-not-mine' }), { mode: 0o600 });

    const chosen = await chooseElectronSecretStore(file, safeStorage('basic_text'), 'linux');
    expect(await chosen.store.get('anthropic.apiKey')).toBe('sk-ant-kept');
    expect(await chosen.store.get('plain')).toBe('djEx-not-mine');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('without safeStorage it still keeps secrets, in the private file', async () => {
    const file = await secretsFile();
    const chosen = await chooseElectronSecretStore(file, undefined, 'darwin');
    expect(chosen.storage).toEqual({ kind: 'privateFile', why: 'keychainUnavailable' });
    await chosen.store.set('k', 'v');
    expect(await chosen.store.get('k')).toBe('v');
  });
});
