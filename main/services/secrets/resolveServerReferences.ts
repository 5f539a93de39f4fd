import type { ServerConfig } from '../../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText, type HostText } from '../../../shared/text/hostText';
import type { EnvLookup } from '../base/substituteEnv';
import { mayResolve, originSource, referencePolicy } from './referencePolicy';
import {
  isSecretName,
  substituteReferences,
  valueReferences,
  type ValueReference,
} from './secretReferences';

/** A value that came from a reference, and the reference's text (what is shown instead). */
export interface SensitiveValue {
  value: string;
  reference: string;
}

/** A config as a server starts with it, and the values its references brought in. */
export interface ResolvedServer {
  config: ServerConfig;
  sensitive: SensitiveValue[];
}

export interface ReferenceSources {
  env: EnvLookup;
  /** The stored values of these secret names (names without one are left out). */
  secrets: (names: readonly string[]) => Promise<Map<string, string>>;
}

interface Field {
  /** `args[1]`, `env.TOKEN`, `headers.Authorization`: named in messages. */
  label: string;
  value: string;
}

/**
 * Resolves `${env:NAME}` and `${secret:NAME}` in a config's command, arguments, env values,
 * working folder and headers, in one pass, at each start. An entry from a registry or a bundle
 * resolves only the names its origin lists; any other reference fails the start naming the
 * field and the reference. A secret that is not stored fails it too (retrying cannot help).
 * Every value brought in is returned with its reference, for redaction.
 */
export async function resolveServerReferences(
  config: ServerConfig,
  sources: ReferenceSources,
): Promise<ResolvedServer> {
  const fields = fieldsOf(config);
  const policy = referencePolicy(config.origin);
  const found = fields.flatMap((field) =>
    valueReferences(field.value).map((reference) => ({ field, reference })),
  );
  const refused = found.find(({ reference }) => !mayResolve(policy, reference));
  if (refused && policy) {
    throw configError(
      hostText('secrets.notWired', {
        field: refused.field.label,
        name: config.name,
        reference: refused.reference.text,
        source: originSource(policy.source),
      }),
    );
  }
  const unset = found.find(
    ({ reference }) => reference.kind === 'env' && sources.env(reference.name) === undefined,
  );
  if (unset) {
    throw configError(
      hostText('secrets.envUnset', {
        field: unset.field.label,
        name: config.name,
        variable: unset.reference.name,
      }),
    );
  }
  const secretNames = unique(
    found
      .filter(({ reference }) => reference.kind === 'secret')
      .map(({ reference }) => reference.name),
  );
  const stored = await sources.secrets(secretNames.filter(isSecretName));
  const missing = secretNames.filter((name) => !stored.has(name));
  if (missing.length > 0) {
    throw new AppError(
      AppErrorCode.ConfigInvalid,
      hostText('secrets.missingForServer', { name: config.name, secrets: missing.join(', ') }),
      { missingSecrets: missing },
    );
  }

  const sensitive = new Map<string, SensitiveValue>();
  const valueOf = (reference: ValueReference): string | undefined => {
    const value =
      reference.kind === 'env' ? sources.env(reference.name) : stored.get(reference.name);
    if (value !== undefined) sensitive.set(reference.text, { value, reference: reference.text });
    return value;
  };
  const sub = (value: string): string => substituteReferences(value, valueOf);
  const subRecord = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, sub(value)]));
  let resolved: ServerConfig;
  if (config.transport === 'stdio') {
    resolved = {
      ...config,
      command: sub(config.command),
      args: config.args.map(sub),
      env: subRecord(config.env),
      ...(config.cwd !== undefined ? { cwd: sub(config.cwd) } : {}),
    };
  } else {
    resolved = { ...config, headers: subRecord(config.headers) };
    // The URL was substituted when the file was read; its values are redacted all the same.
    if (config.urlTemplate) sub(config.urlTemplate);
  }
  return { config: resolved, sensitive: [...sensitive.values()] };
}

/** Every field whose references resolve at start, with the label messages use. */
function fieldsOf(config: ServerConfig): Field[] {
  const record = (prefix: string, values: Record<string, string>) =>
    Object.entries(values).map(([key, value]) => ({ label: `${prefix}.${key}`, value }));
  if (config.transport === 'stdio') {
    return [
      { label: 'command', value: config.command },
      ...config.args.map((value, index) => ({ label: `args[${index}]`, value })),
      ...record('env', config.env),
      ...(config.cwd !== undefined ? [{ label: 'cwd', value: config.cwd }] : []),
    ];
  }
  return record('headers', config.headers);
}

function configError(text: HostText): AppError {
  return new AppError(AppErrorCode.ConfigInvalid, text);
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
