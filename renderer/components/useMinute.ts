import { createClock } from './createClock';

/**
 * The current time, refreshed twice a minute: enough for "5 min ago" in a list, without
 * rendering every row every second as `useNow` would.
 */
export const useMinute: () => number = createClock(30_000);
