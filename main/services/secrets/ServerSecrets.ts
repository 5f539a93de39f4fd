import { MAX_SECRET_CHARS } from '../../../shared/domain/secretName';
import type { ServerConfig } from '../../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { SecretStore } from '../../platform/PlatformServices';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import type { EnvLookup } from '../base/substituteEnv';
import { mayResolve, originSource, type ReferencePolicy } from './referencePolicy';
import { resolveServerReferences, type ResolvedServer } from './resolveServerReferences';
import {
  isSecretName,
  secretRef,
  secretReferences,
  substituteSecrets,
  type ValueReference,
} from './secretReferences';
import { hostText } from '../../../shared/text/hostText';

/**
 * Where `${secret:NAME}` values live in the secret store (apart from API keys and OAuth state):
 * a reference can never read the app's own entries.
 */
const KEY_PREFIX = 'server-secret:';

/**
 * Which server a value was created for (`server-secret-owner:NAME` → server name). Only values
 * an install, the server form or an import created for an entry have one; removing that entry
 * deletes them. Values the person kept in Settings → Secrets or with the CLI have none.
 */
const OWNER_PREFIX = 'server-secret-owner:';

/** Who a value is stored for. */
export interface SecretOwnership {
  /** The server the value is created for; kept only when the name held no value before. */
  owner?: string;
}

/** How the OAuth providers read `${secret:NAME}` in an `oauth` block (a {@link ServerSecrets}). */
export interface SecretResolver {
  /** `value` with its references replaced; `where` names the field in the error. */
  resolveValue(value: string, where: string, policy?: ReferencePolicy): Promise<string>;
}

/**
 * The one place the values behind `${secret:NAME}` references live: stored by the server form,
 * the registry and bundle installs, the import, Settings → Secrets and the CLI's `secret`
 * command; read when a server starts (env, arguments, headers) and when an OAuth provider asks
 * for a token (`oauth` block). Values never leave main; only names are listed.
 */
export class ServerSecrets implements SecretResolver {
  constructor(private readonly store: SecretStore) {}

  /**
   * Stores (or replaces) a value; an empty or oversized one is refused. With an `owner`, a
   * value created now is recorded as that server's; replacing a value that was already there
   * (someone else's, or the person's own) never changes whose it is.
   */
  async set(name: string, value: string, ownership: SecretOwnership = {}): Promise<void> {
    assertName(name);
    if (value === '') throw new AppError(AppErrorCode.Validation, hostText('secrets.empty'));
    if (value.length > MAX_SECRET_CHARS) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('secrets.tooLong', { max: MAX_SECRET_CHARS }),
      );
    }
    const created =
      ownership.owner !== undefined && (await this.store.get(KEY_PREFIX + name)) === undefined;
    await this.store.set(KEY_PREFIX + name, value);
    if (created && ownership.owner !== undefined) {
      await this.store.set(OWNER_PREFIX + name, ownership.owner);
    }
  }

  /** The server a value was created for, if any. */
  async owner(name: string): Promise<string | undefined> {
    return isSecretName(name) ? this.store.get(OWNER_PREFIX + name) : undefined;
  }

  /** The names of the values created for `server`, sorted. */
  async ownedBy(server: string): Promise<string[]> {
    const owned: string[] = [];
    for (const key of await this.store.keys()) {
      if (!key.startsWith(OWNER_PREFIX)) continue;
      if ((await this.store.get(key)) === server) owned.push(key.slice(OWNER_PREFIX.length));
    }
    return owned.sort();
  }

  /** A renamed server keeps the values created for it. */
  async transferOwnership(from: string, to: string): Promise<void> {
    if (from === to) return;
    for (const name of await this.ownedBy(from)) await this.store.set(OWNER_PREFIX + name, to);
  }

  /** The value stays, but no server owns it any more (another entry still uses it). */
  async release(name: string): Promise<void> {
    if (isSecretName(name)) await this.store.delete(OWNER_PREFIX + name);
  }

  /** The names of every stored value, sorted, whoever stored it (never the values). */
  async names(): Promise<string[]> {
    return (await this.store.keys())
      .filter((key) => key.startsWith(KEY_PREFIX))
      .map((key) => key.slice(KEY_PREFIX.length))
      .sort();
  }

  async has(name: string): Promise<boolean> {
    return isSecretName(name) && (await this.store.get(KEY_PREFIX + name)) !== undefined;
  }

  async delete(name: string): Promise<void> {
    if (!isSecretName(name)) return;
    await this.store.delete(KEY_PREFIX + name);
    await this.store.delete(OWNER_PREFIX + name);
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
   * The config with its `${env:NAME}` and `${secret:NAME}` references resolved (command,
   * arguments, env values, working folder, headers), and the values they brought in. `unsaved`
   * values (the form's Test) are used before the stored ones. See
   * {@link resolveServerReferences} for what fails the start.
   */
  resolve(
    config: ServerConfig,
    options: { env: EnvLookup; unsaved?: ReadonlyMap<string, string> },
  ): Promise<ResolvedServer> {
    return resolveServerReferences(config, {
      env: options.env,
      secrets: async (names) => {
        const values = await this.lookup(names);
        for (const [name, value] of options.unsaved ?? []) values.set(name, value);
        return values;
      },
    });
  }

  /**
   * Resolves one value of an `oauth` block (a client secret, a private key, an assertion), when
   * a token is requested, never when the file is read: a secret kept after the file was loaded
   * is picked up by the next "Sign in". A missing one rejects with MCP_AUTH_REQUIRED (the server
   * then waits for a sign-in) naming it and `where`, never a value. With a `policy` (an entry
   * from a registry or a bundle), a name it does not list is refused the same way.
   */
  async resolveValue(value: string, where: string, policy?: ReferencePolicy): Promise<string> {
    const names = secretReferences(value);
    if (names.length === 0) return value;
    const invalid = names.find((name) => !isSecretName(name));
    if (invalid !== undefined) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('secrets.badReference', { where, name: invalid }),
      );
    }
    const refused = names.find((name) => !mayResolve(policy, secretReference(name)));
    if (refused !== undefined && policy) {
      throw new AppError(
        AppErrorCode.McpAuthRequired,
        hostText('secrets.notWiredAt', {
          where,
          reference: secretRef(refused),
          source: originSource(policy.source),
        }),
        { secret: refused },
      );
    }
    const result = substituteSecrets(value, await this.lookup(names));
    const [missing] = result.missing;
    if (missing !== undefined) {
      throw new AppError(
        AppErrorCode.McpAuthRequired,
        hostText('secrets.missingReference', { where, name: missing }),
        { secret: missing, missingSecrets: result.missing },
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

/** For a provider made without the host's secrets (tests): every reference is "not stored". */
export const NO_SECRETS: SecretResolver = new ServerSecrets(new MemorySecretStore());

function secretReference(name: string): ValueReference {
  return { kind: 'secret', name, text: secretRef(name) };
}

function assertName(name: string): void {
  if (!isSecretName(name)) {
    throw new AppError(AppErrorCode.Validation, hostText('secrets.badName', { name }));
  }
}
