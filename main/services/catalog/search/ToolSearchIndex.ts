import MiniSearch, { type Query } from 'minisearch';
import { SEARCH_SYNONYMS } from './searchSynonyms';
import { normalizeTerm, tokenizeForSearch } from './searchTerms';

/** What the index knows of one tool. */
export interface SearchableTool {
  /** The model-facing name (unique): what a search returns. */
  modelName: string;
  server: string;
  /** The server's own title (`serverInfo.title`), when it gave one. */
  serverTitle?: string;
  /** The tool's own name on its server. */
  name: string;
  title?: string;
  description?: string;
  /** Names of the input schema's top-level properties. */
  parameters: readonly string[];
}

/** One search result, best first. */
export interface ToolSearchHit {
  modelName: string;
  score: number;
}

interface IndexedTool {
  id: string;
  name: string;
  title: string;
  description: string;
  parameters: string;
  server: string;
}

/**
 * Field weights. Descriptions carry most of the meaning; a name or title word counts on top
 * of it, server names steer toward the right server, parameter names tell apart tools that
 * share a verb. Measured with the labelled queries of the catalogue fixture (see the bench).
 */
const BOOST = { name: 1, title: 0.5, server: 1, description: 2, parameters: 0.5 };
/** Everyday stand-ins for API words count less than the words the query really used. */
const SYNONYM_WEIGHT = 0.3;
const SYNONYM_BOOST = Object.fromEntries(
  Object.entries(BOOST).map(([field, weight]) => [field, weight * SYNONYM_WEIGHT]),
);

/** The synonym table with keys and values normalized like indexed terms. */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(SEARCH_SYNONYMS).map(([word, others]) => [
    normalizeTerm(word) ?? word,
    others.map((other) => normalizeTerm(other) ?? other),
  ]),
);

/**
 * A full-text index (MiniSearch, BM25+ ranking) over tool names, titles, descriptions,
 * parameter names and server names. Queries are plain words, as a model or a person writes
 * them: stemmed (crashing → crash), prefixes of four letters and more match (calend →
 * calendar), and everyday words also search for the words APIs use (open a bug → create
 * issue) at a lower weight.
 */
export class ToolSearchIndex {
  private readonly index: MiniSearch<IndexedTool>;
  readonly size: number;

  constructor(tools: readonly SearchableTool[]) {
    this.index = new MiniSearch<IndexedTool>({
      fields: ['name', 'title', 'description', 'parameters', 'server'],
      tokenize: tokenizeForSearch,
      processTerm: normalizeTerm,
      searchOptions: {
        boost: BOOST,
        combineWith: 'OR',
        prefix: (term) => term.length >= 4,
      },
    });
    const seen = new Set<string>();
    const documents: IndexedTool[] = [];
    for (const tool of tools) {
      if (seen.has(tool.modelName)) continue;
      seen.add(tool.modelName);
      documents.push({
        id: tool.modelName,
        name: tool.name,
        title: tool.title ?? '',
        description: tool.description ?? '',
        parameters: tool.parameters.join(' '),
        server: tool.serverTitle ? `${tool.server} ${tool.serverTitle}` : tool.server,
      });
    }
    this.index.addAll(documents);
    this.size = documents.length;
  }

  /** The best `limit` tools for `query`; none for a query with no searchable word. */
  search(query: string, limit: number): ToolSearchHit[] {
    if (limit <= 0 || !query.trim()) return [];
    return this.index
      .search(withSynonyms(query))
      .slice(0, limit)
      .map((result) => ({ modelName: String(result.id), score: result.score }));
  }
}

function withSynonyms(query: string): Query {
  const terms = tokenizeForSearch(query).flatMap((token) => normalizeTerm(token) ?? []);
  const used = new Set(terms);
  const extra = [...new Set(terms.flatMap((term) => SYNONYMS.get(term) ?? []))].filter(
    (term) => !used.has(term),
  );
  if (extra.length === 0) return query;
  return {
    combineWith: 'OR',
    queries: [query, { queries: [extra.join(' ')], boost: SYNONYM_BOOST, prefix: false }],
  };
}
