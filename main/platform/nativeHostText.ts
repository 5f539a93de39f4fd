import { formatHostText, renderHostText, type HostText } from '../../shared/text/hostText';
// The window's Chinese words for main's messages, for the few texts main shows natively (a
// dialog before any window exists).
import { host as zhCN } from '../../renderer/i18n/locales/zhCN/host';

/** A message of main's in the first of `languages` that Switchboard speaks (else English). */
export function nativeHostText(text: HostText, languages: readonly string[]): string {
  const chinese = languages
    .find((l) => /^(en|zh)\b/i.test(l))
    ?.toLowerCase()
    .startsWith('zh');
  if (!chinese) return formatHostText(text);
  const lookup = (key: string): string | undefined => {
    let node: unknown = zhCN;
    for (const part of key.split('.')) {
      node =
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined;
    }
    return typeof node === 'string' ? node : undefined;
  };
  return renderHostText(text, lookup, zhCN.listSeparator);
}
