import { posix, win32 } from 'node:path';
import type { ImportContext, ImportFormat } from './detectImportSources';

export interface Rewritten {
  value: string;
  /** Sentences for the import preview: what could not be carried over faithfully. */
  notes: string[];
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
  const notes: string[] = [];
  if (format === 'claude-desktop') return { value, notes };
  if (format === 'mcp-json') {
    const replaced = value.replace(shellStyle, (_whole, name: string, fallback?: string) => {
      if (fallback === undefined) return `\${env:${name}}`;
      if (ctx.env[name] !== undefined) {
        notes.push(`the default "${fallback}" for \${${name}} was dropped (${name} is set)`);
        return `\${env:${name}}`;
      }
      notes.push(`${name} is not set, so its default "${fallback}" was written instead`);
      return fallback;
    });
    return { value: replaced, notes };
  }
  const sep = ctx.platform === 'win32' ? win32.sep : posix.sep;
  const replaced = value.replace(editorStyle, (whole, scope: string, rest?: string) => {
    if (rest !== undefined) {
      if (scope === 'env') return whole;
      if (scope === 'input' && format !== 'cursor') return whole;
      notes.push(`${whole} is not supported and was left as written`);
      return whole;
    }
    if (scope === 'userHome') return ctx.homedir;
    if (scope === 'pathSeparator' || scope === '/') return sep;
    if (scope === 'workspaceFolder' && format === 'vscode-workspace') return ctx.cwd;
    notes.push(`${whole} has no meaning outside the editor and was left as written`);
    return whole;
  });
  return { value: replaced, notes };
}
