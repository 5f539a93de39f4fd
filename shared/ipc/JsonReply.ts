/**
 * An answer built as JSON text, parts of it straight from storage (a stored message's content
 * is JSON text already): the web shell sends it as it is, instead of parsing those parts and
 * serializing them again. `T` is the value the text stands for.
 */
export class JsonReply<T> {
  private constructor(readonly text: string) {}

  /** `text` must be the JSON of a `T`. */
  static fromText<T>(text: string): JsonReply<T> {
    return new JsonReply<T>(text);
  }

  /** The value, for whatever needs one (Electron's structured clone, output checks). */
  parse(): T {
    return JSON.parse(this.text) as T;
  }

  /** A plain `JSON.stringify` of a value holding a reply still writes the right JSON. */
  toJSON(): T {
    return this.parse();
  }
}

/**
 * The JSON of an object made of `plain` (serialized here) and of `json`, properties whose
 * values are JSON text already. `json`'s texts are trusted to be JSON: they come from storage
 * that only ever holds what `JSON.stringify` wrote.
 */
export function objectJson(
  plain: Readonly<Record<string, unknown>>,
  json: Readonly<Record<string, string>>,
): string {
  const head = JSON.stringify(plain);
  let tail = '';
  for (const key in json) {
    const value = json[key];
    if (value !== undefined) tail += `${tail ? ',' : ''}${JSON.stringify(key)}:${value}`;
  }
  if (!tail) return head;
  return head === '{}' ? `{${tail}}` : `${head.slice(0, -1)},${tail}}`;
}
