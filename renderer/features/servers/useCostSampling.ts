import { useEffect } from 'react';
import { useServersStore } from '../../stores/StoresContext';

/** How often a screen that shows servers' costs measures them. */
export const COST_SAMPLE_MS = 2_000;

/**
 * Measures what running servers cost while the component that calls it is mounted, every two
 * seconds; nothing is measured once no screen shows the figures.
 */
export function useCostSampling(): void {
  const sample = useServersStore((s) => s.sampleCosts);
  useEffect(() => {
    void sample();
    const timer = setInterval(() => void sample(), COST_SAMPLE_MS);
    return () => clearInterval(timer);
  }, [sample]);
}
