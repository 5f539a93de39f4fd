import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/domain/settings';
import type { LocaleShape } from './LocaleShape';
import { en } from './locales/en';

/**
 * The other languages' words, fetched when first chosen: English (the fallback) is in the
 * page's entry, and a window in English never loads the rest.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<LocaleShape<typeof en>>> = {
  'zh-CN': () => import('./locales/zhCN').then((m) => m.zhCN),
};

/** One i18next instance per app, English built in; the language follows settings. */
export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await switchLanguage(instance, language);
  return instance;
}

/**
 * Loads `language`'s words if they are not there yet, then switches to it, unless `wanted` says
 * a later choice has overtaken this one while the words were loading.
 */
export async function switchLanguage(
  instance: i18n,
  language: Language,
  wanted: () => boolean = () => true,
): Promise<void> {
  if (language !== 'en' && !instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await loaders[language]());
  }
  if (wanted() && instance.language !== language) await instance.changeLanguage(language);
}
