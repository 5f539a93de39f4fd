/** Lines that open a crash report: an uncaught error, a traceback, a panic. */
const CRASH_START = [
  /^Traceback \(most recent call last\)/,
  /^(Uncaught |Unhandled )?([A-Z]\w*)?(Error|Exception)\b[^ ]*:/,
  /^Exception in thread /,
  /^Unhandled exception\./,
  /^panic: /,
  /^thread '.*' panicked/,
  /^(fatal|FATAL)( error)?:/,
];
/** Node puts the failing source line (`/path/file.js:10`) above the reason. */
const NODE_SOURCE = /^(file:\/\/)?\/?[^\s:]+:\d+$/;

/** How much of stderr a failure shows at most, in bytes of UTF-8. */
export const STDERR_EXCERPT_BYTES = 2048;

/**
 * The part of a server's last stderr lines that says why it failed: from the last line that
 * opens a crash report (an uncaught error, a traceback, a panic) to the end, else the end
 * alone; bounded by bytes, not lines, so a short reason is never cut for a long stack. Over the
 * bound, the start of the report (where the reason usually is) and its end (where a Python
 * traceback puts it) are kept, with a line saying how many were left out between.
 */
export function stderrExcerpt(lines: readonly string[], maxBytes = STDERR_EXCERPT_BYTES): string[] {
  let start = -1;
  for (let i = lines.length - 1; i >= 0 && start < 0; i--) {
    if (CRASH_START.some((pattern) => pattern.test(lines[i] ?? ''))) start = i;
  }
  // A Python traceback ends with its reason: the report opens at the traceback above it.
  for (let i = start - 1; i >= 0 && start > 0; i--) {
    if (/^Traceback \(most recent call last\)/.test(lines[i] ?? '')) {
      start = i;
      break;
    }
  }
  const source = [4, 3].map((back) => start - back).find((i) => NODE_SOURCE.test(lines[i] ?? ''));
  if (start >= 0 && source !== undefined && source >= 0) start = source;
  if (start < 0) return fromEnd(lines, maxBytes);
  const report = lines.slice(start).map((line) => clip(line, maxBytes / 2));
  if (bytes(report) <= maxBytes) return report;
  // The report's opening lines and its closing lines share the budget.
  const head: string[] = [];
  const tail: string[] = [];
  let used = 0;
  let first = 0;
  let last = report.length - 1;
  while (first <= last) {
    const fromHead = head.length <= tail.length;
    const line = report[fromHead ? first : last] ?? '';
    if (used + size(line) > maxBytes - 40) break;
    used += size(line);
    if (fromHead) head.push(report[first++] ?? '');
    else tail.unshift(report[last--] ?? '');
  }
  const skipped = last - first + 1;
  return skipped > 0 ? [...head, `… (${String(skipped)} lines left out)`, ...tail] : head;
}

/** The last lines that fit in `maxBytes`. */
function fromEnd(lines: readonly string[], maxBytes: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = clip(lines[i] ?? '', maxBytes);
    if (used + size(line) > maxBytes) break;
    used += size(line);
    out.unshift(line);
  }
  return out;
}

function size(line: string): number {
  return Buffer.byteLength(line, 'utf8') + 1;
}

function bytes(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + size(line), 0);
}

/** One line no longer than `max` bytes (roughly: characters of up to 4 bytes). */
function clip(line: string, max: number): string {
  if (size(line) <= max) return line;
  let cut = line.slice(0, Math.max(1, Math.floor(max / 4)));
  while (size(`${cut}…`) < max && cut.length < line.length) {
    cut = line.slice(0, cut.length + 16);
  }
  return `${line.slice(0, Math.max(1, cut.length - 16))}…`;
}
