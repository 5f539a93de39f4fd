import { AppError, AppErrorCode } from '../../../shared/errors';
import type { SecretStore } from '../../platform/PlatformServices';
import { SerialQueue } from '../../platform/SerialQueue';
import { SECRET_NAME, userSecretKey } from './resolveSecretReferences';

/** The store entry listing the names (the store itself cannot enumerate). */
const INDEX = 'secret-index';
/** Generous for a PEM key or a JWT; a bigger value is a mistake, not a secret. */
export const MAX_SECRET_CHARS = 65_536;

/**
 * The secrets a person keeps for `${secret:NAME}` references in the servers file, in the
 * platform's secret store (the OS keychain in the app, a 0600 file in the web shell and CLI).
 * Write-only from the outside: names can be listed, values are never handed back.
 */
export class UserSecrets {
  private readonly writes = new SerialQueue();

  constructor(private readonly store: SecretStore) {}

  async names(): Promise<string[]> {
    const text = await this.store.get(INDEX);
    if (text === undefined) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : [];
    } catch {
      return [];
    }
  }

  /** Stores (or replaces) a secret; resolves with the names now kept. */
  async set(name: string, value: string): Promise<string[]> {
    checkName(name);
    if (value === '') throw new AppError(AppErrorCode.Validation, 'The secret is empty.');
    if (value.length > MAX_SECRET_CHARS) {
      throw new AppError(
        AppErrorCode.Validation,
        `The secret is longer than ${MAX_SECRET_CHARS} characters; that is not a key or a token.`,
      );
    }
    return this.writes.run(async () => {
      await this.store.set(userSecretKey(name), value);
      return this.saveNames([...(await this.names()).filter((n) => n !== name), name]);
    });
  }

  /** Forgets a secret; resolves with the names now kept. */
  async delete(name: string): Promise<string[]> {
    checkName(name);
    return this.writes.run(async () => {
      await this.store.delete(userSecretKey(name));
      return this.saveNames((await this.names()).filter((n) => n !== name));
    });
  }

  private async saveNames(names: string[]): Promise<string[]> {
    const sorted = [...names].sort();
    await this.store.set(INDEX, JSON.stringify(sorted));
    return sorted;
  }
}

function checkName(name: string): void {
  if (!SECRET_NAME.test(name)) {
    throw new AppError(
      AppErrorCode.Validation,
      `“${name}” is not a valid secret name (letters, digits, "_", "-", ".").`,
    );
  }
}
