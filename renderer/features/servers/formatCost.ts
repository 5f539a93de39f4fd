import { formatBytes } from '../../../shared/domain/formatBytes';

/** Memory for the servers screen: `84 MB`. */
export function formatMemory(bytes: number): string {
  return formatBytes(Math.round(bytes));
}

/** CPU of one core in percent: `0.4%`, `12%`; a dash before there are two samples. */
export function formatCpu(percent: number | undefined): string {
  if (percent === undefined) return '—';
  return percent < 10 ? `${percent.toFixed(1)}%` : `${String(Math.round(percent))}%`;
}
