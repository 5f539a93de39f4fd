import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { BundleUserConfigField } from '../../../shared/domain/bundleViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { secretNameFor, secretRef } from '../secrets/secretReferences';

export type UserConfigValue = string | number | boolean | string[];

export interface CheckedUserConfig {
  /** Values for the manifest's `${user_config.*}`; sensitive ones as `${secret:NAME}`. */
  values: Record<string, UserConfigValue>;
  /** Secret name → value, stored before the entry is written. */
  secrets: Map<string, string>;
}

/**
 * Checks the person's answers against the manifest's `user_config`: required fields (a default
 * counts), types (text from the CLI is read as the field's type), number bounds, and that
 * directories and files exist. Sensitive values leave as secret references.
 *
 * @throws AppError(Validation) naming every field that is missing or wrong.
 */
export async function checkUserConfig(
  fields: readonly BundleUserConfigField[],
  answers: Readonly<Record<string, UserConfigValue>>,
  serverName: string,
): Promise<CheckedUserConfig> {
  const values: Record<string, UserConfigValue> = {};
  const secrets = new Map<string, string>();
  const missing: string[] = [];
  const wrong: string[] = [];
  for (const field of fields) {
    const given = Object.hasOwn(answers, field.key) ? answers[field.key] : undefined;
    const raw = isEmpty(given) ? undefined : given;
    if (raw === undefined) {
      if (field.required && field.default === undefined)
        missing.push(`${field.title} (${field.key})`);
      continue;
    }
    const value = coerce(field, raw);
    if (typeof value === 'string' && value.startsWith('!')) {
      wrong.push(`${field.title}: ${value.slice(1)}`);
      continue;
    }
    const problem = await checkValue(field, value);
    if (problem) {
      wrong.push(`${field.title}: ${problem}`);
      continue;
    }
    if (field.sensitive) {
      const name = secretNameFor(serverName, field.key);
      secrets.set(name, Array.isArray(value) ? value.join('\n') : String(value));
      values[field.key] = secretRef(name);
    } else values[field.key] = value;
  }
  if (missing.length > 0 || wrong.length > 0) {
    const parts = [...(missing.length > 0 ? [`needs ${missing.join(', ')}`] : []), ...wrong];
    throw new AppError(AppErrorCode.Validation, `The bundle ${parts.join('; ')}.`, {
      missing,
      wrong,
    });
  }
  return { values, secrets };
}

function isEmpty(value: UserConfigValue | undefined): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The field's type from what was given; a leading "!" marks a reason it cannot be. */
function coerce(field: BundleUserConfigField, raw: UserConfigValue): UserConfigValue {
  if (field.type === 'number') {
    const n = typeof raw === 'number' ? raw : Number(raw);
    return Number.isFinite(n) ? n : `!${JSON.stringify(raw)} is not a number`;
  }
  if (field.type === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    return `!${JSON.stringify(raw)} is not true or false`;
  }
  if (field.multiple)
    return Array.isArray(raw)
      ? raw
      : String(raw)
          .split(',')
          .map((s) => s.trim());
  return Array.isArray(raw) ? (raw[0] ?? '') : String(raw);
}

async function checkValue(
  field: BundleUserConfigField,
  value: UserConfigValue,
): Promise<string | undefined> {
  if (typeof value === 'number') {
    if (field.min !== undefined && value < field.min) return `at least ${field.min}`;
    if (field.max !== undefined && value > field.max) return `at most ${field.max}`;
    return undefined;
  }
  if (field.type !== 'directory' && field.type !== 'file') return undefined;
  for (const path of Array.isArray(value) ? value : [String(value)]) {
    if (!isAbsolute(path)) return `${path} is not an absolute path`;
    const info = await stat(path).catch(() => undefined);
    if (!info) return `${path} does not exist`;
    if (field.type === 'directory' && !info.isDirectory()) return `${path} is not a folder`;
    if (field.type === 'file' && !info.isFile()) return `${path} is not a file`;
  }
  return undefined;
}
