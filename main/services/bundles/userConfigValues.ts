import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { BundleUserConfigField } from '../../../shared/domain/bundleViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { secretNameFor, secretRef } from '../secrets/secretReferences';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

export type UserConfigValue = string | number | boolean | string[];

export interface CheckedUserConfig {
  /** Values for the manifest's `${user_config.*}`; sensitive ones as `${secret:NAME}`. */
  values: Record<string, UserConfigValue>;
  /** Secret name → value, stored before the entry is written. */
  secrets: Map<string, string>;
}

/**
 * Checks the person's answers against the manifest's `user_config`: required fields (a default
 * counts, and is used when nothing is given), types (text from the CLI is read as the field's type), number bounds, and that
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
  const wrong: HostText[] = [];
  for (const field of fields) {
    const given = Object.hasOwn(answers, field.key) ? answers[field.key] : undefined;
    // The default (already made safe: see safeDefaults) counts as the answer when none is given.
    const raw = isEmpty(given) ? (isEmpty(field.default) ? undefined : field.default) : given;
    if (raw === undefined) {
      if (field.required) missing.push(`${field.title} (${field.key})`);
      continue;
    }
    const coerced = coerce(field, raw);
    const problem = coerced.ok ? await checkValue(field, coerced.value) : coerced.problem;
    if (problem || !coerced.ok) {
      if (problem) wrong.push(hostText('bundles.fieldProblem', { field: field.title, problem }));
      continue;
    }
    const { value } = coerced;
    if (field.sensitive) {
      const name = secretNameFor(serverName, field.key);
      secrets.set(name, Array.isArray(value) ? value.join('\n') : String(value));
      values[field.key] = secretRef(name);
    } else values[field.key] = value;
  }
  if (missing.length > 0 || wrong.length > 0) {
    const parts = [
      ...(missing.length > 0 ? [hostText('bundles.needs', { fields: missing.join(', ') })] : []),
      ...wrong,
    ];
    throw new AppError(AppErrorCode.Validation, hostText('bundles.notReady', { parts }), {
      missing,
      wrong: wrong.map(formatHostText),
    });
  }
  return { values, secrets };
}

function isEmpty(value: UserConfigValue | undefined): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

type Coerced = { ok: true; value: UserConfigValue } | { ok: false; problem: HostText };

/** The field's type from what was given, or why it cannot be. */
function coerce(field: BundleUserConfigField, raw: UserConfigValue): Coerced {
  const ok = (value: UserConfigValue): Coerced => ({ ok: true, value });
  if (field.type === 'number') {
    const n = typeof raw === 'number' ? raw : Number(raw);
    if (Number.isFinite(n)) return ok(n);
    return { ok: false, problem: hostText('bundles.notNumber', { value: JSON.stringify(raw) }) };
  }
  if (field.type === 'boolean') {
    if (typeof raw === 'boolean') return ok(raw);
    if (raw === 'true' || raw === 'false') return ok(raw === 'true');
    return { ok: false, problem: hostText('bundles.notBoolean', { value: JSON.stringify(raw) }) };
  }
  if (field.multiple)
    return ok(
      Array.isArray(raw)
        ? raw
        : String(raw)
            .split(',')
            .map((s) => s.trim()),
    );
  return ok(Array.isArray(raw) ? (raw[0] ?? '') : String(raw));
}

async function checkValue(
  field: BundleUserConfigField,
  value: UserConfigValue,
): Promise<HostText | undefined> {
  if (typeof value === 'number') {
    if (field.min !== undefined && value < field.min) {
      return hostText('validation.tooSmall', { minimum: field.min });
    }
    if (field.max !== undefined && value > field.max) {
      return hostText('validation.tooBig', { maximum: field.max });
    }
    return undefined;
  }
  if (field.type !== 'directory' && field.type !== 'file') return undefined;
  for (const path of Array.isArray(value) ? value : [String(value)]) {
    if (!isAbsolute(path)) return hostText('bundles.notAbsolute', { path });
    const info = await stat(path).catch(() => undefined);
    if (!info) return hostText('bundles.missingPath', { path });
    if (field.type === 'directory' && !info.isDirectory()) {
      return hostText('bundles.notFolder', { path });
    }
    if (field.type === 'file' && !info.isFile()) return hostText('bundles.notFile', { path });
  }
  return undefined;
}
