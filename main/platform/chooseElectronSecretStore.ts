import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SecretStorage } from '../../shared/domain/secretStorage';
import { FileSecretStore } from './FileSecretStore';
import type { SecretStore } from './PlatformServices';
import { SafeStorageSecretStore, type StringEncryptor } from './SafeStorageSecretStore';
import { writeFileAtomic } from './writeFileAtomic';

/** The part of Electron's `safeStorage` the choice reads. */
export interface SafeStorageApi extends StringEncryptor {
  /** Linux only: the backend in use ('basic_text', 'gnome_libsecret', 'kwallet6', …). */
  getSelectedStorageBackend?: () => string;
}

/** Linux backends that are a keychain; `basic_text` encrypts with a key built into Chromium. */
const KEYCHAIN_BACKENDS = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

/**
 * Where the desktop app can keep secrets: the OS keychain through `safeStorage` when it has a
 * real one; otherwise (no safeStorage, or Linux with no secret service, where safeStorage falls
 * back to `basic_text`) the same private file as the web shell, said as such. Call after `ready`
 * (before it, the Linux backend reads as "unknown").
 */
export function electronSecretStorage(
  safeStorage: SafeStorageApi | undefined,
  platform: NodeJS.Platform,
): SecretStorage {
  if (!safeStorage?.isEncryptionAvailable()) {
    return { kind: 'privateFile', why: 'keychainUnavailable' };
  }
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
    if (!KEYCHAIN_BACKENDS.has(backend)) return { kind: 'privateFile', why: 'noSecretService' };
  }
  return { kind: 'keychain' };
}

/**
 * The file the keychain-encrypted values live in, next to the private file: the web shell and the
 * CLI write plain values into `secrets.json` in the same data folder, so the two never share one.
 */
export function keychainSecretsFile(secretsFile: string): string {
  return join(dirname(secretsFile), 'keychain-secrets.json');
}

/**
 * The store for {@link electronSecretStorage}'s choice, and that choice. `file` is the private
 * file (`secrets.json`); with a keychain, values go to {@link keychainSecretsFile} instead.
 */
export async function chooseElectronSecretStore(
  file: string,
  safeStorage: SafeStorageApi | undefined,
  platform: NodeJS.Platform,
): Promise<{ store: SecretStore; storage: SecretStorage }> {
  const storage = electronSecretStorage(safeStorage, platform);
  if (storage.kind === 'keychain' && safeStorage) {
    const encrypted = keychainSecretsFile(file);
    await moveEncryptedEntries(file, encrypted);
    return { store: new SafeStorageSecretStore(encrypted, safeStorage), storage };
  }
  if (storage.kind === 'privateFile' && storage.why === 'noSecretService' && safeStorage) {
    await recoverBasicTextEntries(file, safeStorage);
  }
  return { store: new FileSecretStore(file), storage };
}

/** Chromium's prefix on a value encrypted with its built-in key (the `basic_text` backend). */
const BASIC_TEXT_PREFIX = Buffer.from('v10');
/** Chromium's prefixes on anything its OSCrypt encrypted (v10, and v11 for a keyring's key). */
const ENCRYPTED_PREFIX = /^v1[01]$/;

/** The bytes of `value` when it is base64 of something Chromium encrypted, else undefined. */
function encryptedBytes(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]+=*$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  return ENCRYPTED_PREFIX.test(bytes.subarray(0, 3).toString('latin1')) ? bytes : undefined;
}

async function readEntries(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? { ...(parsed as Record<string, unknown>) }
      : undefined;
  } catch {
    return undefined; // No file yet, or not one a store wrote: the store reports it on use.
  }
}

/**
 * Earlier versions kept keychain-encrypted values in `secrets.json`, the file the web shell and
 * the CLI keep plain values in. Encrypted entries move to the keychain's own file (once, before
 * it exists); plain ones stay where the other shells read them.
 */
async function moveEncryptedEntries(plainFile: string, encryptedFile: string): Promise<void> {
  if (await readEntries(encryptedFile)) return;
  const entries = await readEntries(plainFile);
  if (!entries) return;
  const all = Object.entries(entries);
  const moved = all.filter(([, value]) => encryptedBytes(value) !== undefined);
  if (moved.length === 0) return;
  const kept = all.filter(([, value]) => encryptedBytes(value) === undefined);
  // The new file first: a crash in between leaves a copy, never a loss.
  await writeFileAtomic(encryptedFile, JSON.stringify(Object.fromEntries(moved), null, 2), 0o600);
  await writeFileAtomic(plainFile, JSON.stringify(Object.fromEntries(kept), null, 2), 0o600);
}

/**
 * Earlier versions kept secrets through `basic_text` as if it were a keychain: those entries are
 * decrypted (the built-in key still opens them) and kept as the plain values the private file
 * holds, so nothing the person stored is lost. Entries that do not open stay as they are.
 */
async function recoverBasicTextEntries(file: string, encryptor: StringEncryptor): Promise<void> {
  const next = await readEntries(file);
  if (!next) return;
  let changed = false;
  for (const [name, value] of Object.entries(next)) {
    const bytes = encryptedBytes(value);
    if (!bytes?.subarray(0, 3).equals(BASIC_TEXT_PREFIX)) continue;
    try {
      next[name] = encryptor.decryptString(bytes);
      changed = true;
    } catch {
      // Not one of ours after all: left as it is.
    }
  }
  if (changed) await writeFileAtomic(file, JSON.stringify(next, null, 2), 0o600);
}
