import type { ServerEntry } from '../ServerEntry';
import { secretNameFor, secretRef } from '../../secrets/secretReferences';

/** A value in an imported entry that looks like a credential written in plain text. */
export interface PlaintextSecret {
  server: string;
  /** `env` or `headers`. */
  field: 'env' | 'headers';
  key: string;
}

// Names people give credentials; a header carrying auth is always one.
const SECRET_NAME =
  /(token|secret|password|passwd|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credential|auth|\bpat\b|_pat$)/i;

/**
 * Env values and headers of imported servers that look like secrets kept in plain text: a
 * credential-like name with a literal value (not a `${…}` reference, not empty).
 */
export function findPlaintextSecrets(
  servers: Readonly<Record<string, ServerEntry>>,
): PlaintextSecret[] {
  const found: PlaintextSecret[] = [];
  for (const [server, entry] of Object.entries(servers)) {
    for (const field of ['env', 'headers'] as const) {
      const record = entry[field];
      if (!record || typeof record !== 'object') continue;
      for (const [key, value] of Object.entries(record)) {
        if (typeof value !== 'string' || value.trim() === '' || value.includes('${')) continue;
        if (SECRET_NAME.test(key)) found.push({ server, field, key });
      }
    }
  }
  return found;
}

/**
 * Moves the given plaintext values out of the entries: each becomes `${secret:<server>.<key>}`
 * and its value is returned to be stored. Entries are copied, never changed in place.
 */
export function moveSecretsOut(
  servers: Readonly<Record<string, ServerEntry>>,
  which: readonly PlaintextSecret[],
  nameOf: (server: string) => string = (server) => server,
): {
  servers: Record<string, ServerEntry>;
  values: Map<string, string>;
  /** The server each moved value was taken from (it is created for that server). */
  owners: Map<string, string>;
} {
  const out: Record<string, ServerEntry> = {};
  const values = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const [server, entry] of Object.entries(servers)) {
    const copy: ServerEntry = { ...entry };
    for (const secret of which.filter((s) => s.server === server)) {
      const record = { ...(copy[secret.field] ?? {}) };
      const value = record[secret.key];
      if (typeof value !== 'string') continue;
      const label = secret.field === 'env' ? secret.key : `header.${secret.key}`;
      const name = secretNameFor(nameOf(server), label);
      values.set(name, value);
      owners.set(name, server);
      record[secret.key] = secretRef(name);
      copy[secret.field] = record;
    }
    out[server] = copy;
  }
  return { servers: out, values, owners };
}
