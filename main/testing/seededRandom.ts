/** A deterministic source of numbers in [0, 1): one seed, one sequence (replayable runs). */
export type Random = () => number;

/** mulberry32: tiny, fast and good enough for sample text, fuzz cases and crash timings. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
