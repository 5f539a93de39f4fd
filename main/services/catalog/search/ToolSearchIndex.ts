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
  /**
   * Stands for everything above: an update re-indexes a tool only when it changed. Without
   * one, the fields themselves are compared.
   */
  digest?: string;
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
  /** Model name → the digest (or fields) of what is indexed for it. */
  private readonly indexed = new Map<string, string>();
  private updating: Promise<void> = Promise.resolve();

  constructor(tools: readonly SearchableTool[] = []) {
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
    this.index.addAll(this.changes(tools));
  }

  /** How many tools are indexed (or being indexed by an update under way). */
  get size(): number {
    return this.indexed.size;
  }

  /**
   * Brings the index to `tools`, touching only the tools added, changed or removed since the
   * last update. New documents are added in chunks between which other work runs, so a large
   * catalogue's first index never holds the process up; updates apply in the order called.
   */
  update(tools: readonly SearchableTool[]): Promise<void> {
    const next = this.updating.then(async () => {
      const added = this.changes(tools);
      await this.index.addAllAsync(added, { chunkSize: UPDATE_CHUNK });
    });
    // A failed update must not stop the next one.
    this.updating = next.catch(() => undefined);
    return next;
  }

  /**
   * The best `limit` tools for `query`, among `only` when given; none for a query with no
   * searchable word.
   */
  search(query: string, limit: number, only?: { has(name: string): boolean }): ToolSearchHit[] {
    if (limit <= 0 || !query.trim()) return [];
    return this.index
      .search(withSynonyms(query), only ? { filter: (result) => only.has(String(result.id)) } : {})
      .slice(0, limit)
      .map((result) => ({ modelName: String(result.id), score: result.score }));
  }

  /** Drops what left or changed and returns the documents to add (first of a name wins). */
  private changes(tools: readonly SearchableTool[]): IndexedTool[] {
    const wanted = new Map<string, { key: string; tool: SearchableTool }>();
    for (const tool of tools) {
      if (!wanted.has(tool.modelName)) {
        wanted.set(tool.modelName, { key: tool.digest ?? fieldsKey(tool), tool });
      }
    }
    for (const [id, key] of this.indexed) {
      if (wanted.get(id)?.key === key) continue;
      this.index.discard(id);
      this.indexed.delete(id);
    }
    const added: IndexedTool[] = [];
    for (const [id, { key, tool }] of wanted) {
      if (this.indexed.has(id)) continue;
      this.indexed.set(id, key);
      added.push({
        id,
        name: tool.name,
        title: tool.title ?? '',
        description: tool.description ?? '',
        parameters: tool.parameters.join(' '),
        server: tool.serverTitle ? `${tool.server} ${tool.serverTitle}` : tool.server,
      });
    }
    return added;
  }
}

/** Documents added per chunk of an update (a few milliseconds of work each). */
const UPDATE_CHUNK = 250;

function fieldsKey(tool: SearchableTool): string {
  return [
    tool.server,
    tool.serverTitle ?? '',
    tool.name,
    tool.title ?? '',
    tool.description ?? '',
    tool.parameters.join(' '),
  ].join('\u0000');
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
