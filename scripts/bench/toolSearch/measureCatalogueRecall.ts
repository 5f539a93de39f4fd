import { measureSearchRecall } from '../../../main/services/catalog/search/measureSearchRecall';
import {
  loadHeldOutQueries,
  loadLabelledQueries,
  searchableCatalogue,
} from '../../../main/services/catalog/search/testing/catalogueFixture';
import { ToolSearchIndex } from '../../../main/services/catalog/search/ToolSearchIndex';
import { summarize, type Summary } from '../summarize';

/** How many results count as found: what our search tool returns by default is more. */
export const RECALL_AT = 5;

/** Top-5 recall over the labelled queries of the 3,000-tool catalogue. */
export interface CatalogueRecall {
  tools: number;
  k: number;
  queries: number;
  found: number;
  recall: number;
  /** Split by the queries' sets: looked at while tuning, or written after and never tuned on. */
  bySet: Record<string, { queries: number; recall: number }>;
  /**
   * The 120 queries of heldOutQueries.json, written before the search ever ran on them and
   * never tuned on: the honest figure, reported apart from the queries above.
   */
  heldOut: { queries: number; recall: number; misses: CatalogueRecall['misses'] };
  /** Building the index over every tool, once. */
  indexBuildMs: number;
  /** One query, each labelled query once. */
  queryMs: Summary;
  /** The queries whose top 5 held none of the expected tools. */
  misses: { query: string; expected: readonly string[]; got: string[] }[];
}

/** Builds the index the host builds over the catalogue fixture and runs every labelled query. */
export function measureCatalogueRecall(): CatalogueRecall {
  const tools = searchableCatalogue();
  const queries = loadLabelledQueries();
  const buildStart = performance.now();
  const index = new ToolSearchIndex(tools);
  const indexBuildMs = performance.now() - buildStart;
  const whole = measureSearchRecall(index, queries, RECALL_AT);
  const bySet: CatalogueRecall['bySet'] = {};
  for (const set of new Set(queries.map((q) => q.set))) {
    const part = measureSearchRecall(
      index,
      queries.filter((q) => q.set === set),
      RECALL_AT,
    );
    bySet[set] = { queries: part.queries, recall: part.recall };
  }
  const heldOut = measureSearchRecall(index, loadHeldOutQueries(), RECALL_AT);
  const times = queries.map(({ query }) => {
    const start = performance.now();
    index.search(query, RECALL_AT);
    return performance.now() - start;
  });
  return {
    tools: index.size,
    k: RECALL_AT,
    queries: whole.queries,
    found: whole.found,
    recall: whole.recall,
    bySet,
    heldOut: { queries: heldOut.queries, recall: heldOut.recall, misses: heldOut.misses },
    indexBuildMs: Math.round(indexBuildMs),
    queryMs: summarize(times),
    misses: whole.misses,
  };
}
