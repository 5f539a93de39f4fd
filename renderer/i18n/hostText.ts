import type { i18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AppErrorCode } from '../../shared/errors';
import { renderHostText, type HostText } from '../../shared/text/hostText';

/** What can carry one of main's messages: its English words, and the key when main sent one. */
export interface HasHostText {
  code?: string;
  message: string;
  text?: HostText | undefined;
}

/** One of main's messages in the window's language (`host.*` of the locale files). */
export function translateHostText(instance: i18n, text: HostText): string {
  const language = instance.resolvedLanguage ?? instance.language;
  const words = (key: string): string | undefined => {
    const found: unknown = instance.getResource(language, 'translation', `host.${key}`);
    return typeof found === 'string' ? found : undefined;
  };
  return renderHostText(text, words, words('listSeparator') ?? '; ');
}

/** Translates main's messages; re-renders when the language changes. */
export function useHostText(): (text: HostText) => string {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  return useCallback((text: HostText) => translateHostText(instance, text), [instance, language]);
}

/**
 * The words to show for an error, a server failure or a config problem: main's message in the
 * window's language when it sent a key; an INTERNAL error's detail (meant for a bug report)
 * behind a sentence of the window's own; otherwise the words as they came (a server's, the
 * API's, or an older Switchboard's).
 */
export function useErrorText(): (error: HasHostText) => string {
  const { t } = useTranslation();
  const translate = useHostText();
  return useCallback(
    (error: HasHostText) => {
      if (error.text) return translate(error.text);
      if (error.code === AppErrorCode.Internal) {
        return t('common.internalError', { detail: error.message });
      }
      return error.message;
    },
    [t, translate],
  );
}
