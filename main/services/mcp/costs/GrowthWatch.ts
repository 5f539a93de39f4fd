/** Samples kept per server: at a few seconds apart, several minutes of history. */
const KEEP = 120;
/** At least this many samples over at least this long before anything is said. */
const MIN_SAMPLES = 8;
const MIN_SPAN_MS = 60_000;
/** Growth that matters: half as much again as at the start, and at least this much. */
const MIN_RATIO = 1.5;
const MIN_BYTES = 32 * 1024 * 1024;

/**
 * Tells when a server's memory grows without bound: over the samples seen (a minute or more),
 * every quarter's median is above the one before, and the last quarter holds at least half as
 * much again as the first (and 32 MiB more). A server that climbs and settles, or swings up and
 * down with its work, is not growing.
 */
export class GrowthWatch {
  private readonly samples = new Map<
    string,
    { root: number; points: { at: number; bytes: number }[] }
  >();

  /** Adds one sample; true when the server's memory keeps growing. */
  add(server: string, root: number, at: number, bytes: number): boolean {
    let series = this.samples.get(server);
    if (series?.root !== root) {
      // Another process (a restart): its history starts again.
      series = { root, points: [] };
      this.samples.set(server, series);
    }
    series.points.push({ at, bytes });
    if (series.points.length > KEEP) series.points.shift();
    return isGrowing(series.points);
  }

  /** Forgets servers not in `running`. */
  keep(running: ReadonlySet<string>): void {
    for (const server of this.samples.keys()) if (!running.has(server)) this.samples.delete(server);
  }
}

function isGrowing(points: readonly { at: number; bytes: number }[]): boolean {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < MIN_SAMPLES || last.at - first.at < MIN_SPAN_MS) {
    return false;
  }
  const size = Math.floor(points.length / 4);
  const medians = [0, 1, 2, 3].map((q) =>
    median(points.slice(q * size, q === 3 ? points.length : (q + 1) * size).map((p) => p.bytes)),
  );
  const rising = medians.every((value, i) => i === 0 || value > (medians[i - 1] ?? 0));
  const start = medians[0] ?? 0;
  const end = medians[3] ?? 0;
  return rising && end >= start * MIN_RATIO && end - start >= MIN_BYTES;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
