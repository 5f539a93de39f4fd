import type { Diagnostic } from '@codemirror/lint';
import type { ConfigProblemView } from '../../../shared/domain/mcpViews';

/** Where a problem is in the text, if it says: [from, to) as character offsets. */
export interface ProblemRange {
  from: number;
  to: number;
}

/**
 * Locates a problem. Offsets (0-based, with a length) win; otherwise line and column
 * (both 1-based, as editors and jsonc-parser's reports count them), marking to the end of
 * the token. Problems without a position have no range (the list still shows them).
 */
export function problemRange(problem: ConfigProblemView, text: string): ProblemRange | null {
  if (problem.offset !== undefined) {
    const from = clamp(problem.offset, text.length);
    return { from, to: clamp(from + Math.max(problem.length ?? 0, 0), text.length) };
  }
  if (problem.line === undefined) return null;
  let lineStart = 0;
  for (let line = 1; line < problem.line; line++) {
    const next = text.indexOf('\n', lineStart);
    if (next === -1) return { from: text.length, to: text.length };
    lineStart = next + 1;
  }
  const lineEnd =
    text.indexOf('\n', lineStart) === -1 ? text.length : text.indexOf('\n', lineStart);
  const from = Math.min(lineStart + Math.max((problem.column ?? 1) - 1, 0), lineEnd);
  const token = /^("(?:[^"\\\n]|\\.)*"?|[^\s,:{}[\]]+)/.exec(text.slice(from, lineEnd));
  return { from, to: from + (token?.[0].length ?? 0) };
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(n, 0), max);
}

/** The problems as CodeMirror lint diagnostics (only those with a position), in `words`. */
export function problemDiagnostics(
  problems: readonly ConfigProblemView[],
  text: string,
  words: (problem: ConfigProblemView) => string = (problem) => problem.message,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const problem of problems) {
    const range = problemRange(problem, text);
    if (!range) continue;
    diagnostics.push({
      from: range.from,
      to: range.to,
      severity: problem.severity,
      message: problem.path ? `${words(problem)} (${problem.path})` : words(problem),
      source: 'Switchboard',
    });
  }
  return diagnostics;
}

/** 1-based line and column of an offset, for the problems list. */
export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
