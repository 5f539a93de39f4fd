const formats = new Map<string, Intl.NumberFormat>();

/** A token count as people read it: 9.8K, 312K (9.8千, 31万 in Chinese), whole below 1,000. */
export function formatTokens(value: number, language: string): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    formats.set(language, format);
  }
  return format.format(value);
}
