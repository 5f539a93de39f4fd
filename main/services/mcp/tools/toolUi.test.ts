import { describe, expect, it } from 'vitest';
import { isVisibleToApps, isVisibleToModel, toolUi } from './toolUi';

const tool = (meta: Record<string, unknown> | undefined) => ({ _meta: meta });

describe('toolUi', () => {
  it('reads the App of a tool (nested key, and the deprecated flat one)', () => {
    expect(toolUi(tool({ ui: { resourceUri: 'ui://a/b.html' } }))).toEqual({
      resourceUri: 'ui://a/b.html',
      visibility: ['model', 'app'],
    });
    expect(toolUi(tool({ 'ui/resourceUri': 'ui://old' }))?.resourceUri).toBe('ui://old');
    expect(toolUi(tool({ ui: { resourceUri: 'https://evil.example.com/' } }))).toBeUndefined();
    expect(toolUi(tool(undefined))).toBeUndefined();
  });

  it('offers a tool to the model only when its visibility includes "model"', () => {
    const seen = (visibility: unknown) => [
      isVisibleToModel(tool({ ui: { visibility } })),
      isVisibleToApps(tool({ ui: { visibility } })),
    ];
    expect(seen(undefined)).toEqual([true, true]);
    expect(seen(['model', 'app'])).toEqual([true, true]);
    expect(seen(['app'])).toEqual([false, true]);
    expect(seen(['model'])).toEqual([true, false]);
    expect(seen([])).toEqual([false, false]);
    expect(seen(['nonsense'])).toEqual([true, true]);
    expect(isVisibleToModel(tool(undefined))).toBe(true);
  });
});
