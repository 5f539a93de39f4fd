import { formatHostText, type HostText } from '../../../shared/text/hostText';

/**
 * What can be wrong with a servers file (or a file being imported), located precisely enough
 * for an editor to underline it. Problems are plain data so they can cross IPC unchanged.
 */
export type ConfigProblemSeverity = 'error' | 'warning';

/**
 * - `io`: the file could not be read or written.
 * - `syntax`: not valid JSON.
 * - `schema`: valid JSON, wrong shape or value.
 * - `env`: a `${env:NAME}` reference whose variable is not set.
 * - `reference`: a `${env:…}` (error) or `${secret:…}` (warning) in an entry from a registry or
 *   a bundle that its install did not wire.
 * - `unknown-key`: a key Switchboard does not know; kept on save, otherwise ignored.
 * - `conflict`: the file changed on disk since the text being saved was loaded.
 * - `emptied`: the file became empty or was deleted while servers were configured.
 * - `too-large`: the file is over the size limit and was not read.
 * - `encoding`: bytes that are not UTF-8 (a warning).
 */
export type ConfigProblemKind =
  | 'io'
  | 'syntax'
  | 'schema'
  | 'env'
  | 'reference'
  | 'unknown-key'
  | 'conflict'
  | 'emptied'
  | 'too-large'
  | 'encoding';

export interface ConfigProblem {
  severity: ConfigProblemSeverity;
  kind: ConfigProblemKind;
  /** In English (CLI, logs); names the JSON path when there is one, never the location. */
  message: string;
  /** The same as a message the window shows in its language. */
  text: HostText;
  /** JSON path of the offending node, e.g. `mcpServers.fs.args[1]`; absent for whole-file problems. */
  path?: string;
  /** 1-based line of the offending node. */
  line: number;
  /** 1-based column, in UTF-16 code units (what editors count). */
  column: number;
  /** 0-based offset and length of the offending range in the text, for underlining. */
  offset: number;
  length: number;
}

/** `file:line:column: error: message`, the form compilers use, for logs and the CLI. */
export function formatProblem(problem: ConfigProblem, file?: string): string {
  const where = `${file ? `${file}:` : ''}${problem.line}:${problem.column}`;
  return `${where}: ${problem.severity}: ${problem.message}`;
}

/** A problem about the file as a whole (unreadable, changed on disk), pinned to its start. */
export function fileProblem(
  kind: ConfigProblemKind,
  text: HostText,
  severity: ConfigProblemSeverity = 'error',
): ConfigProblem {
  return {
    severity,
    kind,
    message: formatHostText(text),
    text,
    line: 1,
    column: 1,
    offset: 0,
    length: 0,
  };
}
