import { connectHost } from './connectHost';

/**
 * The page's one connection to main, opened when this module is evaluated: the page runs its
 * chunk on its own as soon as it is fetched (see `scripts/build/hostConnectionFirst.ts`), and
 * `main.tsx` imports it first, so it runs before React and the app's modules are evaluated.
 */
export const hostConnection = connectHost(window.host, window.location);
