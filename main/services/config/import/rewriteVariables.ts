import { posix, win32 } from 'node:path';
import { hostText, type HostText } from '../../../../shared/text/hostText';
import type { ImportContext, ImportFormat } from './detectImportSources';

export interface Rewritten {
  value: string;
  /** Sentences for the import preview: what could not be carried over faithfully. */
  notes: HostText[];
}

// Claude Code's `.mcp.json`: `${VAR}` and `${VAR:-default}`.
const shellStyle = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
// VS Code / Cursor: `${name}` or `${scope:name}`.
const editorStyle = /\$\{([^}:]+)(?::([^}]*))?\}/g;

/**
 * Turns another app's variable syntax into ours, so an imported server means what it meant
 * there: `${VAR}` → `${env:VAR}`, `${userHome}` and `${workspaceFolder}` → real paths.
 * `${env:NAME}` is already our syntax; `${input:id}` is kept for the answers step.
 * Anything we cannot express is left as written and noted.
 */
export function rewriteVariables(
  value: string,
  format: ImportFormat,
  ctx: ImportContext,
): Rewritten {
  const notes: HostText[] = [];
  if (format === 'claude-desktop') return { value, notes };
  if (format === 'mcp-json') {
    const replaced = value.replace(shellStyle, (_whole, name: string, fallback?: string) => {
      if (fallback === undefined) return `\${env:${name}}`;
      if (ctx.env[name] !== undefined) {
        notes.push(hostText('config.import.defaultDropped', { fallback, name }));
        return `\${env:${name}}`;
      }
      notes.push(hostText('config.import.defaultWritten', { fallback, name }));
      return fallback;
    });
    return { value: replaced, notes };
  }
  const sep = ctx.platform === 'win32' ? win32.sep : posix.sep;
  const replaced = value.replace(editorStyle, (whole, scope: string, rest?: string) => {
    if (rest !== undefined) {
      if (scope === 'env') return whole;
      if (scope === 'input' && format !== 'cursor') return whole;
      notes.push(hostText('config.import.unsupported', { variable: whole }));
      return whole;
    }
    if (scope === 'userHome') return ctx.homedir;
    if (scope === 'pathSeparator' || scope === '/') return sep;
    if (scope === 'workspaceFolder' && format === 'vscode-workspace') return ctx.cwd;
    notes.push(hostText('config.import.editorOnly', { variable: whole }));
    return whole;
  });
  return { value: replaced, notes };
}
