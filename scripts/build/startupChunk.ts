import type { Plugin } from 'vite';

/** What the plugin needs of Rollup's plugin context (Rolldown's has the same methods). */
interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
}

/**
 * Tells the modules a page's entry imports statically, for code-splitting groups that keep them
 * in a few chunks of the page's own.
 *
 * Left to the bundler, the modules the entry shares with lazy screens become many small chunks
 * (some under a kilobyte), each a request the page waits for before it can run: over HTTP/1.1's
 * six connections a host, the last of them were requested 100 ms after the first. Modules that
 * another entry also imports statically are not the page's own, so that entry never loads the
 * page's chunks. `test` knows the module graph once the build has ended, before chunks are made.
 */
export function startupChunk(entrySuffix: string): {
  plugin: Plugin;
  test: (id: string) => boolean;
} {
  let startup = new Set<string>();
  return {
    test: (id) => startup.has(id),
    plugin: {
      name: 'switchboard:startup-chunk',
      apply: 'build',
      buildEnd() {
        startup = startupModules(this, entrySuffix);
      },
    },
  };
}

/** The modules reached by static imports from the entry ending in `entrySuffix` alone. */
export function startupModules(graph: ModuleGraph, entrySuffix: string): Set<string> {
  const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
  const entry = entries.find((id) => id.endsWith(entrySuffix));
  if (!entry) throw new Error(`no entry module ends with ${entrySuffix}`);
  const mine = staticallyReached(graph, [entry]);
  const others = staticallyReached(
    graph,
    entries.filter((id) => id !== entry && !mine.has(id)),
  );
  for (const id of others) mine.delete(id);
  return mine;
}

function staticallyReached(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
