import { basename, dirname } from 'node:path';
import { parse } from 'jsonc-parser';
import type { ImportSource } from './detectImportSources';

/**
 * The format of a file the person picked, from where it is and what it holds: VS Code keeps
 * servers under `servers`, Claude Code's project file is `.mcp.json`, Cursor's sits in
 * `.cursor`; anything else with `mcpServers` reads as Claude Desktop's format.
 */
export function guessImportSource(path: string, text: string): ImportSource {
  const name = basename(path);
  const folder = basename(dirname(path));
  const label = name;
  if (name === '.mcp.json') return { format: 'mcp-json', label, path };
  if (folder === '.cursor') return { format: 'cursor', label, path };
  if (folder === '.vscode') return { format: 'vscode-workspace', label, path };
  // Lenient: VS Code's files may carry comments and trailing commas.
  const root: unknown = parse(text.replace(/^\uFEFF/, ''), [], { allowTrailingComma: true });
  const record = typeof root === 'object' && root !== null ? (root as Record<string, unknown>) : {};
  if (!('mcpServers' in record) && 'servers' in record)
    return { format: 'vscode-user', label, path };
  return { format: 'claude-desktop', label, path };
}
