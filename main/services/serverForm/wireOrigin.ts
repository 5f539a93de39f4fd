import type { FormSecret, ServerForm } from '../../../shared/domain/serverForm';
import {
  isThirdParty,
  serverOriginSchema,
  type ServerOrigin,
} from '../../../shared/domain/serverOrigin';
import type { ServerEntry } from '../config/ServerEntry';
import { valueReferences, type ValueReference } from '../secrets/secretReferences';

/** The origin of an entry as written, when it is a valid one. */
export function originOf(entry: ServerEntry | undefined): ServerOrigin | undefined {
  const parsed = serverOriginSchema.safeParse(entry?.origin);
  return parsed.success ? parsed.data : undefined;
}

/**
 * In an entry from a registry or a bundle, a secret field that names a secret the entry may not
 * read, and into which the person typed a value, gets the server's own secret name: the value
 * must not overwrite whatever that foreign name holds (another server's token).
 */
export function unwireForeignSecrets(
  form: ServerForm,
  origin: ServerOrigin | undefined,
): ServerForm {
  if (!isThirdParty(origin)) return form;
  const wired = new Set(origin.secrets ?? []);
  const own = <T extends FormSecret>(field: T): T => {
    if (!field.secret || field.value === '' || !field.secretName) return field;
    if (wired.has(field.secretName)) return field;
    const { secretName: _foreign, ...rest } = field;
    return rest as T;
  };
  return {
    ...form,
    env: form.env.map(own),
    headers: form.headers.map(own),
    oauth: { ...form.oauth, clientSecret: own(form.oauth.clientSecret) },
  };
}

/**
 * The origin a registry or bundle entry keeps after the person edited it in the form: the
 * references the person wrote (new ones, and secrets they typed a value for now) are added to
 * `origin.env` / `origin.secrets`; references that were already in the third party's text stay
 * unwired. Other origins are returned as they are.
 */
export function wireTypedReferences(
  origin: ServerOrigin | undefined,
  previous: ServerEntry | undefined,
  next: ServerEntry,
  typedSecrets: Iterable<string>,
): ServerOrigin | undefined {
  if (!isThirdParty(origin)) return origin;
  const before = new Set(entryReferences(previous).map((r) => r.text));
  const added = entryReferences(next).filter((r) => !before.has(r.text));
  const env = new Set(origin.env ?? []);
  const secrets = new Set(origin.secrets ?? []);
  for (const reference of added) (reference.kind === 'env' ? env : secrets).add(reference.name);
  for (const name of typedSecrets) secrets.add(name);
  return {
    ...origin,
    ...(env.size > 0 ? { env: [...env].sort() } : {}),
    ...(secrets.size > 0 ? { secrets: [...secrets].sort() } : {}),
  };
}

/** Every reference in an entry's strings, `origin` itself left out. */
function entryReferences(entry: ServerEntry | undefined): ValueReference[] {
  if (!entry) return [];
  const { origin: _origin, ...rest } = entry;
  const out: ValueReference[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(...valueReferences(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(rest);
  return out;
}
