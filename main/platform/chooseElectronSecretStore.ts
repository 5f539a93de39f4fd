import { readFile } from 'node:fs/promises';
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

/** The store for {@link electronSecretStorage}'s choice, and that choice. */
export async function chooseElectronSecretStore(
  file: string,
  safeStorage: SafeStorageApi | undefined,
  platform: NodeJS.Platform,
): Promise<{ store: SecretStore; storage: SecretStorage }> {
  const storage = electronSecretStorage(safeStorage, platform);
  if (storage.kind === 'keychain' && safeStorage) {
    return { store: new SafeStorageSecretStore(file, safeStorage), storage };
  }
  if (storage.kind === 'privateFile' && storage.why === 'noSecretService' && safeStorage) {
    await recoverBasicTextEntries(file, safeStorage);
  }
  return { store: new FileSecretStore(file), storage };
}

/** Chromium's prefix on a value encrypted with its built-in key (the `basic_text` backend). */
const BASIC_TEXT_PREFIX = Buffer.from('v10');

/**
 * Earlier versions kept secrets through `basic_text` as if it were a keychain: those entries are
 * decrypted (the built-in key still opens them) and kept as the plain values the private file
 * holds, so nothing the person stored is lost. Entries that do not open stay as they are.
 */
async function recoverBasicTextEntries(file: string, encryptor: StringEncryptor): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return; // No file yet, or not one this store wrote: FileSecretStore reports it on use.
  }
  if (typeof parsed !== 'object' || parsed === null) return;
  const next: Record<string, unknown> = { ...(parsed as Record<string, unknown>) };
  let changed = false;
  for (const [name, value] of Object.entries(next)) {
    if (typeof value !== 'string' || !/^[A-Za-z0-9+/]+=*$/.test(value)) continue;
    const bytes = Buffer.from(value, 'base64');
    if (!bytes.subarray(0, 3).equals(BASIC_TEXT_PREFIX)) continue;
    try {
      next[name] = encryptor.decryptString(bytes);
      changed = true;
    } catch {
      // Not one of ours after all: left as it is.
    }
  }
  if (changed) await writeFileAtomic(file, JSON.stringify(next, null, 2), 0o600);
}
