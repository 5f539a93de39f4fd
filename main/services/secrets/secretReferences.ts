import { SECRET_NAME_PATTERN } from '../../../shared/domain/secretName';

/*
 * `${secret:NAME}` in the servers file: the value lives in the secret store (the OS keychain in
 * the desktop app), the file holds only the reference.
 */

const reference = /\$\{secret:([^}]*)\}/g;

/** The reference text for a secret name. */
export function secretRef(name: string): string {
  return `\${secret:${name}}`;
}

/** True for a name a reference may carry. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME_PATTERN.test(name);
}

/** Every NAME referenced as `${secret:NAME}` in `value`, in order, without duplicates. */
export function secretReferences(value: string): string[] {
  const names: string[] = [];
  for (const match of value.matchAll(reference)) {
    const name = match[1] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Replaces every `${secret:NAME}` in `value` with `values[NAME]`. Names without a value are
 * left as written and listed in `missing`, so the caller can say which secret is not stored.
 */
export function substituteSecrets(
  value: string,
  values: ReadonlyMap<string, string>,
): { value: string; missing: string[] } {
  const missing: string[] = [];
  const replaced = value.replace(reference, (whole, name: string) => {
    const found = values.get(name);
    if (found !== undefined) return found;
    if (!missing.includes(name)) missing.push(name);
    return whole;
  });
  return { value: replaced, missing };
}

/** A `${env:NAME}` or `${secret:NAME}` reference as written in a value. */
export interface ValueReference {
  kind: 'env' | 'secret';
  name: string;
  /** The reference's text, e.g. `${env:HOME}`. */
  text: string;
}

const anyReference = /\$\{(env|secret):([^}]*)\}/g;

/** Every `${env:…}` and `${secret:…}` in `value`, in order, without duplicates. */
export function valueReferences(value: string): ValueReference[] {
  const out: ValueReference[] = [];
  for (const match of value.matchAll(anyReference)) {
    const text = match[0];
    if (out.some((r) => r.text === text)) continue;
    out.push({ kind: match[1] === 'env' ? 'env' : 'secret', name: match[2] ?? '', text });
  }
  return out;
}

/**
 * Replaces every `${env:…}` and `${secret:…}` in one pass, so a value that was substituted in is
 * never read for references again (an environment variable holding `${secret:x}` stays text).
 * A reference `lookup` has no value for is left as written.
 */
export function substituteReferences(
  value: string,
  lookup: (reference: ValueReference) => string | undefined,
): string {
  return value.replace(anyReference, (text, kind: string, name: string) => {
    const found = lookup({ kind: kind === 'env' ? 'env' : 'secret', name, text });
    return found ?? text;
  });
}

/** A secret name derived from a server and a field (`github.GITHUB_TOKEN`), kept to the alphabet. */
export function secretNameFor(server: string, field: string): string {
  const clean = (part: string) => part.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return `${clean(server) || 'server'}.${clean(field) || 'value'}`.slice(0, 200);
}
