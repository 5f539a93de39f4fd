/** Resolves after `ms`; used to let dying processes and timers settle between measurements. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
