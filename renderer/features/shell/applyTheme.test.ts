import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme } from './applyTheme';

const media = (matches: boolean) => ({ matches }) as MediaQueryList;

describe('applyTheme', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme;
  });

  it('puts the chosen theme on <html>, and resolves system against the OS', () => {
    applyTheme('dark', media(false));
    expect(document.documentElement.dataset.theme).toBe('dark');
    applyTheme('light', media(true));
    expect(document.documentElement.dataset.theme).toBe('light');
    applyTheme('system', media(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
    applyTheme('system', media(false));
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
