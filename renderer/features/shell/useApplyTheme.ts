import { useEffect } from 'react';
import type { Language, Theme } from '../../../shared/domain/settings';

/** Resolves `system` against the OS and keeps <html data-theme lang> in step with settings. */
export function useApplyTheme(theme: Theme, language: Language): void {
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = (): void => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}
