import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '../../../mcp/session/mcpTypes';
import type { SearchableTool } from '../ToolSearchIndex';

/** One server of e2e/fixtures/catalogue/catalogue.json. */
export interface CatalogueServer {
  name: string;
  title: string;
  instructions: string;
  tools: Tool[];
}

/** One labelled query: any of `expected` in the top results counts as found. */
export interface LabelledQuery {
  query: string;
  expected: string[];
  /** `tuning`: looked at while the search was tuned; `held-out`: written after, never tuned on. */
  set: 'tuning' | 'held-out';
}

/**
 * Resolved from the working directory (tests and `npm run bench` run at the package root):
 * the bench runs bundled from out/main, where paths relative to this file no longer hold.
 */
const folder = join(process.cwd(), 'e2e', 'fixtures', 'catalogue');

/** The 30 servers × 100 tools of the catalogue fixture. */
export function loadCatalogue(): CatalogueServer[] {
  const text = readFileSync(join(folder, 'catalogue.json'), 'utf8');
  return (JSON.parse(text) as { servers: CatalogueServer[] }).servers;
}

/** The labelled queries over that catalogue. */
export function loadLabelledQueries(): LabelledQuery[] {
  const text = readFileSync(join(folder, 'queries.json'), 'utf8');
  return JSON.parse(text) as LabelledQuery[];
}

/**
 * The 120 held-out queries of heldOutQueries.json: four tools per server drawn at random and a
 * query written for each before any of them was run, kept apart from queries.json. The search
 * is never tuned on them; they only measure it.
 */
export function loadHeldOutQueries(): { query: string; expected: string[] }[] {
  const text = readFileSync(join(folder, 'heldOutQueries.json'), 'utf8');
  return JSON.parse(text) as { query: string; expected: string[] }[];
}

/** The catalogue as the index sees it, with `server__tool` model names. */
export function searchableCatalogue(servers = loadCatalogue()): SearchableTool[] {
  return servers.flatMap((server) =>
    server.tools.map((tool) => ({
      modelName: `${server.name}__${tool.name}`,
      server: server.name,
      serverTitle: server.title,
      name: tool.name,
      ...(tool.title ? { title: tool.title } : {}),
      ...(tool.description ? { description: tool.description } : {}),
      parameters: Object.keys((tool.inputSchema.properties as object | undefined) ?? {}),
    })),
  );
}
