import { readFile } from 'node:fs/promises';
import { AppError, AppErrorCode } from '../../shared/errors';
import { hostText } from '../../shared/text/hostText';
import type { SecretStore } from './PlatformServices';
import { SerialQueue } from './SerialQueue';
import { writeFileAtomic } from './writeFileAtomic';

/** The part of Electron's `safeStorage` this store uses; injected so it can be tested. */
export interface StringEncryptor {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * Secrets encrypted with the OS keychain (Electron `safeStorage`), stored as base64 in a
 * 0600 file. Used only where safeStorage has a real keychain (see chooseElectronSecretStore);
 * refuses to store anything if encryption becomes unavailable.
 */
export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'os-keychain';
  readonly storage = 'keychain';
  private readonly writes = new SerialQueue();

  constructor(
    private readonly file: string,
    private readonly encryptor: StringEncryptor,
  ) {}

  async get(name: string): Promise<string | undefined> {
    const all = await this.readAll();
    const value = all[name];
    if (value === undefined) return undefined;
    this.assertAvailable();
    return this.encryptor.decryptString(Buffer.from(value, 'base64'));
  }

  set(name: string, value: string): Promise<void> {
    return this.writes.run(async () => {
      this.assertAvailable();
      const all = await this.readAll();
      all[name] = this.encryptor.encryptString(value).toString('base64');
      await writeFileAtomic(this.file, JSON.stringify(all, null, 2), 0o600);
    });
  }

  async keys(): Promise<string[]> {
    return Object.keys(await this.readAll());
  }

  delete(name: string): Promise<void> {
    return this.writes.run(async () => {
      const all = await this.readAll();
      if (!(name in all)) return;
      const { [name]: _removed, ...rest } = all;
      await writeFileAtomic(this.file, JSON.stringify(rest, null, 2), 0o600);
    });
  }

  private assertAvailable(): void {
    if (!this.encryptor.isEncryptionAvailable()) {
      throw new AppError(AppErrorCode.SecretStoreUnavailable, hostText('secrets.unavailable'));
    }
  }

  private async readAll(): Promise<Record<string, string>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null) return {};
      return Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }
}
