import { createClock } from './createClock';

/** The current time, ticking once a second while any component uses it (countdowns). */
export const useNow: () => number = createClock(1000);
