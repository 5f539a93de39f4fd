import { hostText, type HostTextParam } from '../../../shared/text/hostText';

/** `a or b or c` (`config.either`) or `a and b` (`config.both`), in the window's language. */
export function joinWords(
  key: 'config.either' | 'config.both',
  items: readonly HostTextParam[],
): HostTextParam {
  const [first = '', ...rest] = items;
  return rest.length === 0 ? first : hostText(key, { first, second: joinWords(key, rest) });
}
