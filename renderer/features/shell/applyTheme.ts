import type { Theme } from '../../../shared/domain/settings';

/** The OS's preference, which `system` follows. */
export function darkSchemeQuery(): MediaQueryList {
  return window.matchMedia('(prefers-color-scheme: dark)');
}

/**
 * Puts the theme on <html data-theme>, resolving `system` against the OS. The entry calls it
 * before the first render (so a dark window never shows a light first frame, and the page's
 * styles are worked out once), `useApplyTheme` whenever the setting or the OS changes.
 */
export function applyTheme(theme: Theme, media: MediaQueryList = darkSchemeQuery()): void {
  const dark = theme === 'dark' || (theme === 'system' && media.matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}
