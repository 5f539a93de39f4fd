import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../shared/domain/settings';
import { switchLanguage } from './createI18n';

/**
 * Follows the settings' language: loads its words, switches to them, and only then says so on
 * <html lang>, so the attribute (read by screen readers, and by tests waiting for the switch)
 * names the language the page is in. A choice overtaken by a later one is dropped.
 */
export function useLanguage(language: Language): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const show = (shown: string): void => {
      document.documentElement.lang = shown;
    };
    i18n.on('languageChanged', show);
    return () => i18n.off('languageChanged', show);
  }, [i18n]);
  useEffect(() => {
    let wanted = true;
    void switchLanguage(i18n, language, () => wanted);
    return () => {
      wanted = false;
    };
  }, [i18n, language]);
}
