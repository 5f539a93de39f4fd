/** The part of Electron's `dialog.showOpenDialog` the picker uses (a seam for tests). */
export type ShowOpenDialog = (options: {
  title: string;
  properties: ('openDirectory' | 'createDirectory')[];
}) => Promise<{ canceled: boolean; filePaths: string[] }>;

/** A folder picker over the shell's open dialog: the chosen folder, or null when cancelled. */
export function createFolderPicker(showOpenDialog: ShowOpenDialog): () => Promise<string | null> {
  return async () => {
    const { canceled, filePaths } = await showOpenDialog({
      title: 'Choose a folder servers may use',
      properties: ['openDirectory', 'createDirectory'],
    });
    return canceled ? null : (filePaths[0] ?? null);
  };
}
