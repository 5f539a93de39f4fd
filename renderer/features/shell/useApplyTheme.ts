import { useEffect } from 'react';
import type { Language, Theme } from '../../../shared/domain/settings';
import { applyTheme, darkSchemeQuery } from './applyTheme';

/** Resolves `system` against the OS and keeps <html data-theme lang> in step with settings. */
export function useApplyTheme(theme: Theme, language: Language): void {
  useEffect(() => {
    const media = darkSchemeQuery();
    const apply = (): void => applyTheme(theme, media);
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}
