/** What a picker is for: the dialog's title and file filter follow from it. */
export interface PickPathRequest {
  kind: 'file' | 'directory';
  purpose: 'bundle' | 'import' | 'value';
}

/** The part of Electron's `dialog.showOpenDialog` the path picker uses (a seam for tests). */
export type ShowOpenFileDialog = (options: {
  title: string;
  properties: ('openFile' | 'openDirectory')[];
  filters?: { name: string; extensions: string[] }[];
}) => Promise<{ canceled: boolean; filePaths: string[] }>;

const TITLES: Readonly<Record<PickPathRequest['purpose'], string>> = {
  bundle: 'Choose an MCP bundle (.mcpb)',
  import: 'Choose a servers file to import',
  value: 'Choose',
};

/** A file or folder picker over the shell's open dialog: the chosen path, or null. */
export function createPathPicker(
  showOpenDialog: ShowOpenFileDialog,
): (request: PickPathRequest) => Promise<string | null> {
  return async ({ kind, purpose }) => {
    const filters =
      purpose === 'bundle'
        ? [{ name: 'MCP bundle', extensions: ['mcpb', 'dxt'] }]
        : purpose === 'import'
          ? [{ name: 'JSON', extensions: ['json'] }]
          : undefined;
    const { canceled, filePaths } = await showOpenDialog({
      title: TITLES[purpose],
      properties: [kind === 'directory' ? 'openDirectory' : 'openFile'],
      ...(filters ? { filters } : {}),
    });
    return canceled ? null : (filePaths[0] ?? null);
  };
}
