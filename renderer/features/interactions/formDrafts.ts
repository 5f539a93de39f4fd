import type { ElicitField, FormValue, FormValues } from './elicitationForm';

const PREFIX = 'switchboard.formDraft.';
const INDEX = `${PREFIX}index`;
/** Drafts kept at once; the oldest go first. */
const MAX_DRAFTS = 20;

/**
 * Which form a draft belongs to: the asking server, its message and its schema. A form the
 * server asks again after a cancel (or a reload shows again) finds what was typed before.
 */
export function draftKey(server: string, message: string, schema: unknown): string {
  const text = JSON.stringify([server, message, schema]);
  // FNV-1a: a short, stable key; a collision only offers a draft whose fields are then checked.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${PREFIX}${hash.toString(36)}`;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function fits(field: ElicitField, value: unknown): value is FormValue {
  if (field.kind === 'boolean') return typeof value === 'boolean';
  if (field.kind === 'multi') {
    return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
  return typeof value === 'string';
}

/**
 * What was typed into this form before, in this window's session (it survives a reload and a
 * panel closed and opened again), each value checked against the field it is for.
 */
export function loadDraft(key: string, fields: readonly ElicitField[]): FormValues | undefined {
  let saved: unknown;
  try {
    saved = JSON.parse(storage()?.getItem(key) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof saved !== 'object' || saved === null) return undefined;
  const values: FormValues = {};
  for (const field of fields) {
    const value = (saved as Record<string, unknown>)[field.name];
    if (fits(field, value)) values[field.name] = value;
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/** Keeps what the person typed so far (best effort: a full or missing storage keeps nothing). */
export function saveDraft(key: string, values: FormValues): void {
  const store = storage();
  if (!store) return;
  try {
    const index = readIndex(store).filter((k) => k !== key);
    index.push(key);
    for (const old of index.splice(0, Math.max(0, index.length - MAX_DRAFTS))) {
      store.removeItem(old);
    }
    store.setItem(key, JSON.stringify(values));
    store.setItem(INDEX, JSON.stringify(index));
  } catch {
    // Quota or privacy settings: the form still works, only the draft is not kept.
  }
}

/** The form was answered: its draft is no longer needed. */
export function clearDraft(key: string): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(key);
    store.setItem(INDEX, JSON.stringify(readIndex(store).filter((k) => k !== key)));
  } catch {
    // Nothing to keep consistent beyond this window's session.
  }
}

function readIndex(store: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(INDEX) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}
