import { hostMessages } from './hostMessages';

/** The dotted paths to every message of a catalogue shaped like `hostMessages`. */
type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A message main can give a person: a key into `hostMessages` (and the locale files). */
export type HostTextKey = Paths<typeof hostMessages>;

/** A value put into a message: a word or number as is, or another message (translated too). */
export type HostTextParam = string | number | HostText | readonly (string | number | HostText)[];

/**
 * A user-facing message from main, as data: the window shows it in its own language (the
 * locale files have every key under `host`), the CLI and logs in English. Values that come
 * from elsewhere (a server's or the API's own words, a path) go in as they are.
 */
export interface HostText {
  key: HostTextKey;
  params?: Record<string, HostTextParam>;
}

/** A message of main's, with its values. */
export function hostText(key: HostTextKey, params?: Record<string, HostTextParam>): HostText {
  return params ? { key, params } : { key };
}

/** The English words of a message (for the CLI, logs, and `AppError.message`). */
export function formatHostText(text: HostText): string {
  return renderHostText(text, lookup, hostMessages.listSeparator);
}

/**
 * A message in the words `template` gives for its keys (a window's language), with its values
 * put in; a key without words there reads in English. Lists are joined with `separator`.
 */
export function renderHostText(
  text: HostText,
  template: (key: string) => string | undefined,
  separator: string,
): string {
  const words = template(text.key) ?? lookup(text.key);
  if (words === undefined) return text.key;
  const param = (value: HostTextParam): string => {
    if (isList(value)) return value.map(param).join(separator);
    return typeof value === 'object' ? renderHostText(value, template, separator) : String(value);
  };
  return words.replace(/{{(\w+)}}/g, (whole, name: string) => {
    const value = text.params?.[name];
    return value === undefined ? whole : param(value);
  });
}

function isList(value: HostTextParam): value is readonly (string | number | HostText)[] {
  return Array.isArray(value);
}

function lookup(key: string): string | undefined {
  let node: unknown = hostMessages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
