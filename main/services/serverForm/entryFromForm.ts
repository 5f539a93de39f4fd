import type { FormSecret, SandboxForm, ServerForm } from '../../../shared/domain/serverForm';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { HTTP_ONLY_KEYS, STDIO_ONLY_KEYS, type ServerEntry } from '../config/ServerEntry';
import { isSecretName, secretNameFor, secretRef } from '../secrets/secretReferences';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

/** An entry built from the form, and the secret values to store before it is written. */
export interface FormEntry {
  entry: ServerEntry;
  secrets: Map<string, string>;
}

/** The OAuth keys the form edits; others (added by hand or later versions) are kept. */
const FORM_OAUTH_KEYS = ['clientId', 'clientSecret', 'scopes', 'clientMetadataUrl', 'redirectPort'];

/**
 * Builds the servers-file entry the form describes, on top of the entry as written before (so
 * keys the form does not show — timeouts, protocol, disabled, unknown keys — survive). Secret
 * fields become `${secret:NAME}`: a new value is returned to be stored, an empty one keeps the
 * stored value.
 *
 * @throws AppError(Validation) for rows without names, duplicate names, or secrets without a value.
 */
export function entryFromForm(form: ServerForm, previous: ServerEntry = {}): FormEntry {
  const secrets = new Map<string, string>();
  const problems: HostText[] = [];
  const secret = (field: FormSecret, label: string): string | undefined => {
    if (!field.secret) return field.value;
    if (field.value !== '') {
      const name =
        field.secretName && isSecretName(field.secretName)
          ? field.secretName
          : secretNameFor(form.name, label);
      secrets.set(name, field.value);
      return secretRef(name);
    }
    if (field.secretName) return secretRef(field.secretName);
    problems.push(hostText('serverForm.secretValue', { label }));
    return undefined;
  };
  const record = (rows: ServerForm['env'], kind: 'env' | 'header') => {
    const out: Record<string, string> = {};
    for (const row of rows) {
      const name = row.name.trim();
      if (name === '' && row.value === '' && !row.secretName) continue;
      if (name === '') {
        problems.push(
          hostText(kind === 'env' ? 'serverForm.unnamedVariable' : 'serverForm.unnamedHeader'),
        );
        continue;
      }
      if (Object.hasOwn(out, name)) problems.push(hostText('serverForm.twice', { name }));
      const value = secret(row, kind === 'env' ? name : `header.${name}`);
      if (value !== undefined) out[name] = value;
    }
    return out;
  };

  const entry: ServerEntry = { ...previous };
  const drop = (keys: readonly string[]) =>
    keys.forEach((key) => Reflect.deleteProperty(entry, key));
  const set = (key: string, value: unknown, keep: boolean) => {
    if (keep) entry[key] = value;
    else Reflect.deleteProperty(entry, key);
  };
  drop(['type']);
  if (form.transport === 'stdio') {
    drop(HTTP_ONLY_KEYS);
    const env = record(form.env, 'env');
    set('command', form.command.trim(), true);
    set('args', form.args, form.args.length > 0);
    set('env', env, Object.keys(env).length > 0);
    set('cwd', form.cwd.trim(), form.cwd.trim() !== '');
    if (form.sandbox) applySandbox(entry, form.sandbox, previous);
    if (form.command.trim() === '') problems.push(hostText('serverForm.noCommand'));
  } else {
    drop(STDIO_ONLY_KEYS);
    const headers = record(form.headers, 'header');
    // "http" is what a bare url means; say the type only when it is not that.
    if (form.transport === 'sse') entry.type = 'sse';
    set('url', form.url.trim(), true);
    set('headers', headers, Object.keys(headers).length > 0);
    const oauth = oauthBlock(form, previous, secret);
    set('oauth', oauth, Object.keys(oauth).length > 0);
    if (form.url.trim() === '') problems.push(hostText('serverForm.noUrl'));
  }
  if (problems.length > 0) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('serverForm.cannotSave', { name: form.name, problems }),
      { problems: problems.map(formatHostText) },
    );
  }
  return { entry: ordered(entry), secrets };
}

function oauthBlock(
  form: ServerForm,
  previous: ServerEntry,
  secret: (field: FormSecret, label: string) => string | undefined,
): Record<string, unknown> {
  const kept = Object.fromEntries(
    Object.entries(isRecord(previous.oauth) ? previous.oauth : {}).filter(
      ([key]) => !FORM_OAUTH_KEYS.includes(key),
    ),
  );
  const { oauth } = form;
  const clientSecret =
    oauth.clientSecret.value !== '' || oauth.clientSecret.secretName
      ? secret(oauth.clientSecret, 'oauth.clientSecret')
      : undefined;
  return {
    ...(oauth.clientId.trim() ? { clientId: oauth.clientId.trim() } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(oauth.scopes.length > 0 ? { scopes: oauth.scopes } : {}),
    ...(oauth.clientMetadataUrl.trim()
      ? { clientMetadataUrl: oauth.clientMetadataUrl.trim() }
      : {}),
    ...(oauth.redirectPort !== null ? { redirectPort: oauth.redirectPort } : {}),
    ...kept,
  };
}

/**
 * Writes the form's sandbox into the entry: `sandboxEnabled` when on (or when the entry said
 * false before), the lists that have entries (trimmed, blank lines dropped), keys the form does
 * not show inside `sandbox` kept.
 */
export function applySandbox(entry: ServerEntry, form: SandboxForm, previous: ServerEntry): void {
  if (form.enabled || previous.sandboxEnabled !== undefined) entry.sandboxEnabled = form.enabled;
  const clean = (list: string[]) => list.map((item) => item.trim()).filter((item) => item !== '');
  const before: Record<string, unknown> = isRecord(previous.sandbox) ? previous.sandbox : {};
  const section = (key: 'filesystem' | 'network', lists: Record<string, string[]>) => {
    const part = before[key];
    const kept: Record<string, unknown> = isRecord(part) ? { ...part } : {};
    for (const [name, list] of Object.entries(lists)) {
      const items = clean(list);
      if (items.length > 0) kept[name] = items;
      else Reflect.deleteProperty(kept, name);
    }
    return kept;
  };
  const filesystem = section('filesystem', {
    allowWrite: form.allowWrite,
    denyWrite: form.denyWrite,
    denyRead: form.denyRead,
    allowRead: form.allowRead,
  });
  const network = section('network', {
    allowedDomains: form.allowedDomains,
    deniedDomains: form.deniedDomains,
  });
  const sandbox: Record<string, unknown> = { ...before };
  if (Object.keys(filesystem).length > 0) sandbox.filesystem = filesystem;
  else Reflect.deleteProperty(sandbox, 'filesystem');
  if (Object.keys(network).length > 0) sandbox.network = network;
  else Reflect.deleteProperty(sandbox, 'network');
  if (Object.keys(sandbox).length > 0) entry.sandbox = sandbox;
  else Reflect.deleteProperty(entry, 'sandbox');
}

/** The usual key order (type, command, args, env, cwd, url, headers, oauth, then the rest). */
function ordered(entry: ServerEntry): ServerEntry {
  const order = ['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'oauth'];
  const out: ServerEntry = {};
  for (const key of order) if (Object.hasOwn(entry, key)) out[key] = entry[key];
  for (const [key, value] of Object.entries(entry)) if (!order.includes(key)) out[key] = value;
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
