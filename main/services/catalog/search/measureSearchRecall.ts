import type { ToolSearchIndex } from './ToolSearchIndex';

/** A query and the tools that answer it. */
export interface RecallQuery {
  query: string;
  expected: readonly string[];
}

/** How often the top `k` held an expected tool, and the queries where it did not. */
export interface RecallResult {
  queries: number;
  found: number;
  recall: number;
  misses: { query: string; expected: readonly string[]; got: string[] }[];
}

/** Top-`k` recall of `index` over labelled queries. */
export function measureSearchRecall(
  index: ToolSearchIndex,
  queries: readonly RecallQuery[],
  k: number,
): RecallResult {
  const misses: RecallResult['misses'] = [];
  for (const { query, expected } of queries) {
    const got = index.search(query, k).map((hit) => hit.modelName);
    if (!expected.some((name) => got.includes(name))) misses.push({ query, expected, got });
  }
  const found = queries.length - misses.length;
  return {
    queries: queries.length,
    found,
    recall: queries.length === 0 ? 0 : found / queries.length,
    misses,
  };
}
