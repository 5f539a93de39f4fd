/** Longest row a line is shown as; a longer line continues on the next rows. */
export const MAX_ROW_CHARS = 400;

/**
 * A text cut into display rows as its slices arrive: every `\n` ends a row, and a line longer
 * than {@link MAX_ROW_CHARS} is shown as several rows. Each slice costs time in proportion to
 * its own length, never to what came before, so a huge text is split in many short steps.
 */
export class TextLines {
  /** The rows so far (the line still open at the end is not among them until it ends). */
  readonly rows: string[] = [];
  private open = '';
  private ended = false;

  /** Adds the next slice of the text. */
  append(slice: string): void {
    if (this.ended) throw new Error('TextLines: append after end');
    let start = 0;
    for (;;) {
      const newline = slice.indexOf('\n', start);
      if (newline < 0) break;
      this.pushLine(this.open + slice.slice(start, newline));
      this.open = '';
      start = newline + 1;
    }
    this.open += slice.slice(start);
    // An open line that is already long gives up its full rows now.
    while (this.open.length > MAX_ROW_CHARS) {
      this.rows.push(this.open.slice(0, MAX_ROW_CHARS));
      this.open = this.open.slice(MAX_ROW_CHARS);
    }
  }

  /** The text is complete: its last line becomes a row (an empty last line is kept). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.pushLine(this.open);
    this.open = '';
  }

  /** Rows to show now: the complete ones and the line still open. */
  get count(): number {
    return this.rows.length + (this.ended ? 0 : 1);
  }

  /** Row `index` of {@link count}. */
  row(index: number): string {
    return index < this.rows.length ? (this.rows[index] ?? '') : this.open;
  }

  private pushLine(line: string): void {
    if (line.length <= MAX_ROW_CHARS) {
      this.rows.push(line);
      return;
    }
    for (let at = 0; at < line.length; at += MAX_ROW_CHARS) {
      this.rows.push(line.slice(at, at + MAX_ROW_CHARS));
    }
  }
}
