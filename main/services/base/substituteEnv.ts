/** Looks a variable up; `undefined` means not set (an empty string is a value). */
export type EnvLookup = (name: string) => string | undefined;

export interface Substitution {
  value: string;
  /** Names referenced but not set, in order of appearance, without duplicates. */
  missing: string[];
}

const reference = /\$\{env:([^}]*)\}/g;

/**
 * Replaces every `${env:NAME}` in `value`. Other `${...}` forms are left as written: they are
 * not ours to interpret, and a literal `${` in an argument must survive.
 */
export function substituteEnv(value: string, lookup: EnvLookup): Substitution {
  const missing: string[] = [];
  const replaced = value.replace(reference, (whole, name: string) => {
    const found = name === '' ? undefined : lookup(name);
    if (found !== undefined) return found;
    if (!missing.includes(name)) missing.push(name);
    return whole;
  });
  return { value: replaced, missing };
}

/** Every NAME referenced as `${env:NAME}` in `value`. */
export function envReferences(value: string): string[] {
  return [...value.matchAll(reference)].map((match) => match[1] ?? '');
}

/** An env lookup over a plain map, the shape the composition root injects. */
export function envLookup(env: Readonly<Record<string, string | undefined>>): EnvLookup {
  return (name) => (Object.hasOwn(env, name) ? env[name] : undefined);
}
