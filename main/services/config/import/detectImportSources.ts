import { stat } from 'node:fs/promises';
import { posix, win32 } from 'node:path';

/** File formats Switchboard can import servers from. */
export type ImportFormat =
  'claude-desktop' | 'cursor' | 'vscode-workspace' | 'vscode-user' | 'mcp-json';

/**
 * Where to look, injected so tests can point everything at temp dirs and so paths for another
 * OS can be computed (and tested) on this one.
 */
export interface ImportContext {
  platform: NodeJS.Platform;
  homedir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The workspace / project directory (for `.vscode/mcp.json` and `.mcp.json`). */
  cwd: string;
}

/** One file that may hold servers to import. */
export interface ImportSource {
  format: ImportFormat;
  /** For the person: "Claude Desktop", "VS Code (workspace)", … */
  label: string;
  path: string;
}

/** Every place Switchboard knows to look, whether or not a file is there. */
export function importSourceCandidates(ctx: ImportContext): ImportSource[] {
  const path = ctx.platform === 'win32' ? win32 : posix;
  const appData = ctx.env.APPDATA ?? path.join(ctx.homedir, 'AppData', 'Roaming');
  const xdgConfig = ctx.env.XDG_CONFIG_HOME ?? path.join(ctx.homedir, '.config');
  // Per-OS directory where desktop apps keep their settings.
  const appConfigDir = (app: string): string => {
    switch (ctx.platform) {
      case 'darwin':
        return path.join(ctx.homedir, 'Library', 'Application Support', app);
      case 'win32':
        return path.join(appData, app);
      default:
        return path.join(xdgConfig, app);
    }
  };
  return [
    {
      format: 'claude-desktop',
      label: 'Claude Desktop',
      path: path.join(appConfigDir('Claude'), 'claude_desktop_config.json'),
    },
    { format: 'cursor', label: 'Cursor', path: path.join(ctx.homedir, '.cursor', 'mcp.json') },
    {
      format: 'vscode-workspace',
      label: 'VS Code (workspace)',
      path: path.join(ctx.cwd, '.vscode', 'mcp.json'),
    },
    {
      format: 'vscode-user',
      label: 'VS Code (user)',
      path: path.join(appConfigDir('Code'), 'User', 'mcp.json'),
    },
    { format: 'mcp-json', label: 'Project .mcp.json', path: path.join(ctx.cwd, '.mcp.json') },
  ];
}

/** The candidates that exist as files on this machine, in the same order. */
export async function detectImportSources(ctx: ImportContext): Promise<ImportSource[]> {
  const found = await Promise.all(
    importSourceCandidates(ctx).map(async (source) => {
      const info = await stat(source.path).catch(() => undefined);
      return info?.isFile() ? source : undefined;
    }),
  );
  return found.filter((source) => source !== undefined);
}
