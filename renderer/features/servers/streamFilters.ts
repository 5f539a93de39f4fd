import type { LogEntry, TrafficEntry } from '../../../shared/domain/mcpViews';

/** Keeps log lines whose text contains the filter, or whose level or source is it. */
export function filterLogs(entries: readonly LogEntry[], filter: string): readonly LogEntry[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter(
    (e) =>
      e.text.toLowerCase().includes(needle) ||
      e.level.toLowerCase() === needle ||
      e.source === needle,
  );
}

/** Keeps messages whose method, kind or id matches, or whose preview contains the filter. */
export function filterTraffic(
  entries: readonly TrafficEntry[],
  filter: string,
): readonly TrafficEntry[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter(
    (e) =>
      (e.method ?? '').toLowerCase().includes(needle) ||
      e.kind === needle ||
      String(e.id ?? '') === needle ||
      e.preview.toLowerCase().includes(needle),
  );
}
