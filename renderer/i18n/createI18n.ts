import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/domain/settings';
import { en } from './locales/en';
import { zhCN } from './locales/zhCN';

export const resources = {
  en: { translation: en },
  'zh-CN': { translation: zhCN },
} as const;

/** One i18next instance per app; the language follows settings. */
export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
