/**
 * Wraps a stop function so it runs once: benchmarks stop what they started on the way out,
 * and the janitor calls the same function again when the run ends (or is interrupted).
 */
export function once(stop: () => Promise<unknown>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () =>
    (result ??= stop().then(
      () => undefined,
      () => undefined,
    ));
}
