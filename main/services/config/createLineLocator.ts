/** A 1-based line and column, as editors and compilers report them. */
export interface TextPosition {
  line: number;
  column: number;
}

/**
 * Maps offsets in `text` to 1-based line/column. Line breaks are `\n`, `\r\n` or a lone `\r`
 * (files edited on Windows or old Macs must report the same line numbers their editor shows).
 * Columns count UTF-16 code units, like the offsets jsonc-parser returns and editors use.
 */
export function createLineLocator(text: string): (offset: number) => TextPosition {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 10 /* \n */) lineStarts.push(i + 1);
    else if (char === 13 /* \r */ && text.charCodeAt(i + 1) !== 10) lineStarts.push(i + 1);
  }
  return (offset) => {
    const clamped = Math.max(0, Math.min(offset, text.length));
    // Binary search for the last line start <= offset.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: clamped - (lineStarts[low] ?? 0) + 1 };
  };
}
