import {
  emptySandboxForm,
  emptyServerForm,
  type SandboxForm,
  type FormRow,
  type FormSecret,
  type ServerForm,
} from '../../../shared/domain/serverForm';
import type { ServerEntry } from '../config/ServerEntry';

/** Whether a secret has a stored value (never the value itself). */
export type HasSecret = (name: string) => Promise<boolean>;

const wholeReference = /^\$\{secret:([^}]+)\}$/;

/**
 * The form's view of an entry as written. A value that is exactly `${secret:NAME}` becomes a
 * secret field (empty, with whether it is stored); everything else is shown as written.
 */
export async function formFromEntry(
  name: string,
  entry: ServerEntry,
  has: HasSecret,
): Promise<ServerForm> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const oauth = isRecord(entry.oauth) ? entry.oauth : {};
  const transport =
    entry.type === 'sse' || entry.type === 'http' || entry.type === 'stdio'
      ? entry.type
      : typeof entry.url === 'string' && typeof entry.command !== 'string'
        ? 'http'
        : 'stdio';
  return {
    ...emptyServerForm,
    name,
    transport,
    command: text(entry.command),
    args: Array.isArray(entry.args) ? entry.args.filter((a) => typeof a === 'string') : [],
    env: await rows(entry.env, has),
    cwd: text(entry.cwd),
    url: text(entry.url),
    headers: await rows(entry.headers, has),
    oauth: {
      clientId: text(oauth.clientId),
      clientSecret: await secretField(text(oauth.clientSecret), has),
      scopes: Array.isArray(oauth.scopes) ? oauth.scopes.filter((s) => typeof s === 'string') : [],
      clientMetadataUrl: text(oauth.clientMetadataUrl),
      redirectPort: typeof oauth.redirectPort === 'number' ? oauth.redirectPort : null,
    },
    sandbox: sandboxFormFromEntry(entry),
  };
}

/**
 * The sandbox keys as the form (and an install review, over the keys `defaultSandboxFor` gives)
 * shows them; lists that are not lists of strings are empty.
 */
export function sandboxFormFromEntry(entry: ServerEntry): SandboxForm {
  const sandbox = isRecord(entry.sandbox) ? entry.sandbox : {};
  const fs = isRecord(sandbox.filesystem) ? sandbox.filesystem : {};
  const net = isRecord(sandbox.network) ? sandbox.network : {};
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return {
    ...emptySandboxForm,
    enabled: entry.sandboxEnabled === true,
    allowWrite: list(fs.allowWrite),
    denyWrite: list(fs.denyWrite),
    denyRead: list(fs.denyRead),
    allowRead: list(fs.allowRead),
    allowedDomains: list(net.allowedDomains),
    deniedDomains: list(net.deniedDomains),
  };
}

async function rows(record: unknown, has: HasSecret): Promise<FormRow[]> {
  if (!isRecord(record)) return [];
  const out: FormRow[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (typeof value !== 'string') continue;
    out.push({ name, ...(await secretField(value, has)) });
  }
  return out;
}

async function secretField(value: string, has: HasSecret): Promise<FormSecret> {
  const reference = wholeReference.exec(value)?.[1];
  if (reference === undefined) return { value, secret: false };
  return { value: '', secret: true, secretName: reference, stored: await has(reference) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
