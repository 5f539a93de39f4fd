import { AppError, AppErrorCode } from '../../../shared/errors';
import type { SecretStore } from '../../platform/PlatformServices';

/** Names a person may give a secret: letters, digits, `_`, `-`, `.`. */
export const SECRET_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const reference = /\$\{secret:([^}]*)\}/g;

/** The secret store entry behind `${secret:NAME}` (other entries are the app's own). */
export function userSecretKey(name: string): string {
  return `secret:${name}`;
}

/** Every NAME referenced as `${secret:NAME}` in `value`, in order. */
export function secretReferences(value: string): string[] {
  return [...value.matchAll(reference)].map((match) => match[1] ?? '');
}

/**
 * Replaces every `${secret:NAME}` in `value` with the secret stored under NAME. Resolved when
 * the value is needed (a token request), never when the file is read: secrets stay out of the
 * parsed config, and one set after the file was loaded is picked up. A missing secret rejects
 * with MCP_AUTH_REQUIRED naming it and where it is used (never its value).
 */
export async function resolveSecretReferences(
  value: string,
  secrets: Pick<SecretStore, 'get'>,
  where: string,
): Promise<string> {
  const names = secretReferences(value);
  if (names.length === 0) return value;
  const found = new Map<string, string>();
  for (const name of new Set(names)) {
    if (!SECRET_NAME.test(name)) {
      throw new AppError(
        AppErrorCode.Validation,
        `${where} uses \${secret:${name}}, which is not a valid secret name (letters, digits, "_", "-", ".")`,
      );
    }
    const secret = await secrets.get(userSecretKey(name));
    if (secret === undefined) {
      throw new AppError(
        AppErrorCode.McpAuthRequired,
        `${where} uses \${secret:${name}}, but no secret named ${name} is stored. Store it with \`npm run --silent cli -- secret set ${name}\`.`,
        { secret: name },
      );
    }
    found.set(name, secret);
  }
  return value.replace(reference, (_whole, name: string) => found.get(name) ?? '');
}
