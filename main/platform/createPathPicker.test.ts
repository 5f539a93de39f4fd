import { describe, expect, it } from 'vitest';
import { createPathPicker, type ShowOpenFileDialog } from './createPathPicker';

describe('createPathPicker', () => {
  it('opens a file dialog filtered for bundles, or a folder dialog, and returns the choice', async () => {
    const calls: Parameters<ShowOpenFileDialog>[0][] = [];
    const pick = createPathPicker((options) => {
      calls.push(options);
      return Promise.resolve({ canceled: false, filePaths: ['/home/a/x.mcpb'] });
    });
    expect(await pick({ kind: 'file', purpose: 'bundle' })).toBe('/home/a/x.mcpb');
    await pick({ kind: 'directory', purpose: 'value' });
    expect(calls[0]).toMatchObject({
      properties: ['openFile'],
      filters: [{ extensions: ['mcpb', 'dxt'] }],
    });
    expect(calls[1]).toMatchObject({ properties: ['openDirectory'] });
    expect(calls[1]?.filters).toBeUndefined();
  });

  it('returns null when cancelled', async () => {
    const pick = createPathPicker(() => Promise.resolve({ canceled: true, filePaths: ['/x'] }));
    expect(await pick({ kind: 'file', purpose: 'import' })).toBeNull();
  });
});
