/** One argument per line in the form; empty lines are not arguments. */
export function argsFromText(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '');
}

export function argsToText(args: readonly string[]): string {
  return args.join('\n');
}

/** Scopes separated by spaces or commas, as OAuth writes them. */
export function scopesFromText(text: string): string[] {
  return text.split(/[\s,]+/).filter((scope) => scope !== '');
}

/** A port number from the field, or null when it is empty or not a port. */
export function portFromText(text: string): number | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 65_535 ? n : null;
}
