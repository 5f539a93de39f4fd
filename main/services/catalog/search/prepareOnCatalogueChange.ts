import type { HostEvents } from '../../base/HostEvents';
import type { CatalogEntry } from '../../mcp/tools/ToolCatalog';
import type { ToolSearchService } from './ToolSearchService';

/** Changes within this long are prepared once (thirty servers coming up are one change). */
const SETTLE_MS = 50;

/**
 * Prepares tool search for the catalogue whenever it changes (a server's tools, a server
 * started or stopped, a tool switched off or pinned), shortly after and off any turn's path,
 * so the next turn plans from kept facts and its first search finds the index built. Returns
 * the function that stops it.
 */
export function prepareOnCatalogueChange(
  events: HostEvents,
  toolSearch: Pick<ToolSearchService, 'prepare'>,
  entries: () => readonly CatalogEntry[],
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const off = events.subscribe((name) => {
    if (name !== 'mcp.toolsChanged' && name !== 'mcp.serversChanged') return;
    timer ??= setTimeout(() => {
      timer = undefined;
      toolSearch.prepare(entries());
    }, SETTLE_MS);
    // Nothing to prepare is a reason to keep the process alive.
    timer.unref();
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
}
