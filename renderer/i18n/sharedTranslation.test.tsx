import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, switchLanguage } from './createI18n';
import { SharedTranslationProvider, useSharedTranslation } from './sharedTranslation';

afterEach(cleanup);

/** A row of a list: a label in the page's language. */
function Row({ id }: { id: string }) {
  const { t, i18n } = useSharedTranslation();
  return (
    <p data-testid={id}>
      {t('chat.jumpToLatest')} ({i18n.language})
    </p>
  );
}

describe('useSharedTranslation', () => {
  it('gives every row the one translation, and a language change renders them again', async () => {
    const i18n = await createI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <SharedTranslationProvider>
          <Row id="a" />
          <Row id="b" />
        </SharedTranslationProvider>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('a').textContent).toBe(`${i18n.t('chat.jumpToLatest')} (en)`);
    const english = screen.getByTestId('b').textContent;
    await act(async () => {
      await switchLanguage(i18n, 'zh-CN');
    });
    const chinese = `${i18n.t('chat.jumpToLatest')} (zh-CN)`;
    expect(chinese).not.toBe(english);
    expect(screen.getByTestId('a').textContent).toBe(chinese);
    expect(screen.getByTestId('b').textContent).toBe(chinese);
  });

  it('works without the provider, from the instance in context', async () => {
    const i18n = await createI18n('zh-CN');
    render(
      <I18nextProvider i18n={i18n}>
        <Row id="alone" />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('alone').textContent).toBe(`${i18n.t('chat.jumpToLatest')} (zh-CN)`);
  });
});
