import { useEffect } from 'react';
import type { Theme } from '../../../shared/domain/settings';
import { applyTheme, darkSchemeQuery } from './applyTheme';

/** Resolves `system` against the OS and keeps <html data-theme> in step with settings. */
export function useApplyTheme(theme: Theme): void {
  useEffect(() => {
    const media = darkSchemeQuery();
    const apply = (): void => applyTheme(theme, media);
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
