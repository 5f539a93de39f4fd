interface Scan {
  /** Open `{` and `[` in order. */
  open: string[];
  inString: boolean;
  /** Positions of `,` `:` `{` `[` outside strings, where a shorter prefix can end. */
  cuts: number[];
}

function scan(text: string): Scan {
  const open: string[] = [];
  const cuts: number[] = [];
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      open.push(c);
      cuts.push(i);
    } else if (c === '}' || c === ']') open.pop();
    else if (c === ',' || c === ':') cuts.push(i);
  }
  return { open, inString, cuts };
}

function closed(text: string, state: Scan): string {
  // A dangling backslash cannot end a string.
  const body = state.inString && text.endsWith('\\') ? text.slice(0, -1) : text;
  const closers = [...state.open].reverse().map((c) => (c === '{' ? '}' : ']'));
  return body + (state.inString ? '"' : '') + closers.join('');
}

/**
 * The arguments a model has written so far, as an object: the JSON prefix with open strings,
 * arrays and objects closed, and a last member that cannot be completed (a key without its
 * value, half a literal) left out. The extension's `tool-input-partial` is exactly this kind of
 * best-effort recovery. Undefined until the prefix holds an object.
 */
export function healPartialJson(text: string): Record<string, unknown> | undefined {
  let prefix = text.trimEnd();
  for (let attempt = 0; attempt < 100 && prefix; attempt++) {
    const state = scan(prefix);
    try {
      const value: unknown = JSON.parse(closed(prefix, state));
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    } catch {
      const cut = state.cuts.at(-1);
      if (cut === undefined) return undefined;
      // Keep an opening bracket (its container stays, empty); drop a separator.
      const opening = prefix[cut] === '{' || prefix[cut] === '[';
      const shorter = prefix.slice(0, opening ? cut + 1 : cut).trimEnd();
      if (shorter === prefix) return undefined;
      prefix = shorter;
    }
  }
  return undefined;
}
