/** Bytes for people: `512 B`, `3.4 KB`, `12 MB` (1024-based, one decimal below 10). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value < 10 ? value.toFixed(1) : String(Math.round(value));
  return `${shown} ${units[unit] ?? 'GB'}`;
}
