import { describe, expect, it } from 'vitest';
import { createFolderPicker, type ShowOpenDialog } from './createFolderPicker';

describe('createFolderPicker', () => {
  it('asks for a directory and returns the chosen path', async () => {
    const calls: Parameters<ShowOpenDialog>[0][] = [];
    const pick = createFolderPicker((options) => {
      calls.push(options);
      return Promise.resolve({ canceled: false, filePaths: ['/home/a/src'] });
    });
    expect(await pick()).toBe('/home/a/src');
    expect(calls[0]?.properties).toContain('openDirectory');
  });

  it('returns null when the person cancels or picks nothing', async () => {
    const cancelled = createFolderPicker(() =>
      Promise.resolve({ canceled: true, filePaths: ['/ignored'] }),
    );
    const empty = createFolderPicker(() => Promise.resolve({ canceled: false, filePaths: [] }));
    expect(await cancelled()).toBeNull();
    expect(await empty()).toBeNull();
  });
});
