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

/** A secret name derived from a server and a field (`github.GITHUB_TOKEN`), kept to the alphabet. */
export function secretNameFor(server: string, field: string): string {
  const clean = (part: string) => part.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return `${clean(server) || 'server'}.${clean(field) || 'value'}`.slice(0, 200);
}
