/** Where a large text comes from: its length, and a way to read it a slice at a time. */
export interface TextSource {
  totalChars: number;
  /** Up to `maxChars` characters from `offset`. */
  read(offset: number, maxChars: number): Promise<string>;
}

/**
 * A text already in memory, read in slices with a pause between them, so cutting a
 * megabyte-sized text into rows never holds the page up in one long task.
 */
export function localTextSource(text: string): TextSource {
  return {
    totalChars: text.length,
    read: (offset, maxChars) =>
      new Promise((resolve) => {
        setTimeout(() => resolve(text.slice(offset, offset + maxChars)), 0);
      }),
  };
}
