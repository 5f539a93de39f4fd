import { act, renderHook } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../../shared/domain/settings';
import { createI18n } from './createI18n';
import { useLanguage } from './useLanguage';

async function mount(language: Language) {
  const i18n = await createI18n('en');
  document.documentElement.lang = 'en';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const hook = renderHook(({ lang }: { lang: Language }) => useLanguage(lang), {
    wrapper,
    initialProps: { lang: language },
  });
  return { i18n, hook };
}

/** Waits until Chinese's words have loaded (a dynamic import) and any switch has finished. */
async function loaded(i18n: i18n): Promise<void> {
  await act(async () => {
    await vi.waitFor(() => expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

describe('useLanguage', () => {
  it('says the new language on <html lang> only once its words are shown', async () => {
    const { i18n, hook } = await mount('en');
    hook.rerender({ lang: 'zh-CN' });
    // The words are still loading: the page is still in English, and says so.
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await loaded(i18n);
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('ends in the last language chosen when an earlier one finishes loading later', async () => {
    const { i18n, hook } = await mount('en');
    hook.rerender({ lang: 'zh-CN' });
    hook.rerender({ lang: 'en' });
    await loaded(i18n);
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
