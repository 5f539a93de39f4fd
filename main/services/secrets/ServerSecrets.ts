import type { ServerConfig } from '../../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { SecretStore } from '../../platform/PlatformServices';
import { isSecretName, secretReferences, substituteSecrets } from './secretReferences';

/** Where `${secret:NAME}` values live in the secret store (apart from API keys and OAuth state). */
const KEY_PREFIX = 'server-secret:';

/**
 * The values behind `${secret:NAME}` references: stored by the server form, the registry and
 * bundle installs and the import, read when a server starts. Values never leave main.
 */
export class ServerSecrets {
  constructor(private readonly store: SecretStore) {}

  async set(name: string, value: string): Promise<void> {
    assertName(name);
    await this.store.set(KEY_PREFIX + name, value);
  }

  async has(name: string): Promise<boolean> {
    return isSecretName(name) && (await this.store.get(KEY_PREFIX + name)) !== undefined;
  }

  async delete(name: string): Promise<void> {
    if (isSecretName(name)) await this.store.delete(KEY_PREFIX + name);
  }

  /** The current values of `names` (for putting them back when a save fails). Main only. */
  async snapshot(names: Iterable<string>): Promise<Map<string, string | undefined>> {
    const out = new Map<string, string | undefined>();
    for (const name of names) {
      out.set(name, isSecretName(name) ? await this.store.get(KEY_PREFIX + name) : undefined);
    }
    return out;
  }

  /** Puts a {@link snapshot} back: values restored, names that had none deleted. */
  async restore(snapshot: ReadonlyMap<string, string | undefined>): Promise<void> {
    for (const [name, value] of snapshot) {
      if (value === undefined) await this.delete(name);
      else await this.set(name, value);
    }
  }

  /**
   * The config with every `${secret:NAME}` in env values, arguments and headers replaced by the
   * stored value. A reference without a stored value fails the start with the names missing:
   * retrying would not help, the person has to store it.
   */
  async resolve(
    config: ServerConfig,
    unsaved?: ReadonlyMap<string, string>,
  ): Promise<ServerConfig> {
    const values = await this.lookup(referencedNames(config));
    for (const [name, value] of unsaved ?? []) values.set(name, value);
    const missing = new Set<string>();
    const sub = (value: string): string => {
      const result = substituteSecrets(value, values);
      for (const name of result.missing) missing.add(name);
      return result.value;
    };
    const subRecord = (record: Record<string, string>) =>
      Object.fromEntries(Object.entries(record).map(([k, v]) => [k, sub(v)]));
    const resolved: ServerConfig =
      config.transport === 'stdio'
        ? { ...config, args: config.args.map(sub), env: subRecord(config.env) }
        : { ...config, headers: subRecord(config.headers) };
    if (missing.size > 0) {
      const names = [...missing].join(', ');
      throw new AppError(
        AppErrorCode.ConfigInvalid,
        `Server “${config.name}” uses the secret ${names}, which is not in the secret store. Enter it in the server’s form (Servers → Edit) and start it again.`,
        { missingSecrets: [...missing] },
      );
    }
    return resolved;
  }

  /** Resolves one value (an OAuth client secret written as a reference). */
  async resolveValue(value: string): Promise<string> {
    const names = secretReferences(value);
    if (names.length === 0) return value;
    const result = substituteSecrets(value, await this.lookup(names));
    if (result.missing.length > 0) {
      throw new AppError(
        AppErrorCode.ConfigInvalid,
        `The secret ${result.missing.join(', ')} is not in the secret store.`,
        { missingSecrets: result.missing },
      );
    }
    return result.value;
  }

  private async lookup(names: readonly string[]): Promise<Map<string, string>> {
    const values = new Map<string, string>();
    for (const name of names) {
      if (!isSecretName(name)) continue;
      const value = await this.store.get(KEY_PREFIX + name);
      if (value !== undefined) values.set(name, value);
    }
    return values;
  }
}

/** Every secret name a config refers to (env values, arguments, headers). */
export function referencedNames(config: ServerConfig): string[] {
  const values =
    config.transport === 'stdio'
      ? [...config.args, ...Object.values(config.env)]
      : Object.values(config.headers);
  return [...new Set(values.flatMap(secretReferences))];
}

function assertName(name: string): void {
  if (!isSecretName(name)) {
    throw new AppError(
      AppErrorCode.Validation,
      `“${name}” is not a valid secret name (letters, digits and _ . : / - only, at most 200).`,
    );
  }
}
