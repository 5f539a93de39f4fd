// Intl formatters are costly to build (a list of thousands of rows would spend most of its
// time constructing them), so one of each kind is kept per language.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<T>(map: Map<string, T>, language: string, create: () => T): T {
  let format = map.get(language);
  if (!format) {
    format = create();
    map.set(language, format);
  }
  return format;
}

/** `12 Mar 2026, 14:03` in the person's language. */
export function formatDateTime(at: number, language: string): string {
  return cached(
    dateFormats,
    language,
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(at);
}

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday", "刚刚": how long ago `at` was, in the person's language. */
export function formatRelative(at: number, now: number, language: string): string {
  const format = cached(
    relativeFormats,
    language,
    () => new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' }),
  );
  let value = (at - now) / 1000;
  // Under a minute reads as "now": seconds ticking by in a list are noise.
  if (Math.abs(value) < 60) return format.format(0, 'second');
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

/** `1,234` in the person's language. */
export function formatCount(value: number, language: string): string {
  return cached(numberFormats, language, () => new Intl.NumberFormat(language)).format(value);
}
