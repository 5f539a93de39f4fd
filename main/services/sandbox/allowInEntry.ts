import type { SandboxAllowance } from '../../../shared/domain/serverSandbox';
import type { ServerEntry } from '../config/ServerEntry';

/**
 * The entry with one more allowed path or host in its `sandbox` block (created as needed);
 * everything else — unknown keys, the other lists, their order — as it was. An entry already
 * there is not added twice.
 */
export function allowInEntry(entry: ServerEntry, allow: SandboxAllowance): ServerEntry {
  const sandbox = record(entry.sandbox);
  const section = allow.key === 'allowedDomains' ? 'network' : 'filesystem';
  const part = record(sandbox[section]);
  const current = Array.isArray(part[allow.key]) ? (part[allow.key] as unknown[]) : [];
  const list = current.includes(allow.value) ? current : [...current, allow.value];
  return { ...entry, sandbox: { ...sandbox, [section]: { ...part, [allow.key]: list } } };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
