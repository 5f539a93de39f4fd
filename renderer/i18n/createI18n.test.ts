import { describe, expect, it } from 'vitest';
import { createI18n, switchLanguage } from './createI18n';
import { en } from './locales/en';
import { zhCN } from './locales/zhCN';

describe('createI18n', () => {
  it('starts in English with no other language loaded', async () => {
    const i18n = await createI18n('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('app.connecting')).toBe(en.app.connecting);
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(false);
  });

  it('loads Chinese when the settings ask for it, before the first words are read', async () => {
    const i18n = await createI18n('zh-CN');
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('app.connecting')).toBe(zhCN.app.connecting);
  });

  it('switches a running window both ways, loading Chinese once', async () => {
    const i18n = await createI18n('en');
    await switchLanguage(i18n, 'zh-CN');
    expect(i18n.t('app.connecting')).toBe(zhCN.app.connecting);
    const bundle: unknown = i18n.getResourceBundle('zh-CN', 'translation');
    await switchLanguage(i18n, 'en');
    expect(i18n.t('app.connecting')).toBe(en.app.connecting);
    await switchLanguage(i18n, 'zh-CN');
    expect(i18n.getResourceBundle('zh-CN', 'translation')).toBe(bundle);
    expect(i18n.t('app.connecting')).toBe(zhCN.app.connecting);
  });

  it('drops a switch overtaken by a later choice while its words were loading', async () => {
    const i18n = await createI18n('en');
    await switchLanguage(i18n, 'zh-CN', () => false);
    expect(i18n.language).toBe('en');
    expect(i18n.t('app.connecting')).toBe(en.app.connecting);
  });
});
