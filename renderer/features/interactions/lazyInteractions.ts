import { lazy } from 'react';

/*
 * A server's requests (sampling, forms, links) are reviewed in panels that load when the first
 * request arrives: a window with nothing waiting never parses them.
 */

/** One request under review: its panel and deadline. */
export const InteractionPanel = lazy(async () => ({
  default: (await import('./InteractionPanel')).InteractionPanel,
}));

/** The queue of requests not shown in the open conversation. */
export const InteractionQueueDialog = lazy(async () => ({
  default: (await import('./InteractionQueueDialog')).InteractionQueueDialog,
}));
