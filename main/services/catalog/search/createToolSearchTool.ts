import type { ToolOutcome } from '../../../../shared/domain/toolOutcome';
import type { HostTool } from '../HostTool';
import type { ModelTool } from '../../models/ModelClient';
import type { CatalogEntry } from '../../mcp/tools/ToolCatalog';
import type { ToolSearchIndex } from './ToolSearchIndex';

/** The search tool's name; the model sees it next to the servers' `server__tool` names. */
export const TOOL_SEARCH_TOOL_NAME = 'search_tools';
/** What the tool card shows as its server. */
export const HOST_ORIGIN = 'Switchboard';

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 10;
/** Descriptions are cut in results: the full definition arrives as a tool of the next step. */
const RESULT_DESCRIPTION_CHARS = 300;

/** What the search tool needs from the turn. */
export interface ToolSearchToolOptions {
  /** The tools held back behind the search (the ones a search can find), by model name. */
  deferred: ReadonlyMap<string, CatalogEntry>;
  /** The servers they come from. */
  servers: readonly string[];
  /** The index over them, once it has caught up with them (it may hold other tools too). */
  index: () => Promise<ToolSearchIndex>;
  /** The definition to offer (see {@link toolSearchDefinition}); made from the above when absent. */
  tool?: ModelTool;
  /** Tools found: offered from the next step on, and for the rest of the conversation. */
  onFound: (modelNames: string[]) => void;
}

/**
 * The client-side tool search, for every provider: the model describes what it needs, gets the
 * best matching tools (name, server, description, parameters) and can call them from its next
 * step on. Nothing is run on a server, so nobody is asked.
 */
export function createToolSearchTool(options: ToolSearchToolOptions): HostTool {
  const { servers, deferred: byName } = options;
  return {
    origin: { server: HOST_ORIGIN, tool: TOOL_SEARCH_TOOL_NAME },
    tool: options.tool ?? toolSearchDefinition(byName.size, servers),
    async run({ input }) {
      const { query, limit } = readInput(input);
      if (!query) return failure('Give a "query": a few words saying what the tool should do.');
      const index = await options.index();
      const hits = index.search(query, limit, byName);
      const found = hits.flatMap((hit) => byName.get(hit.modelName) ?? []);
      if (found.length === 0) {
        return success(
          `No tool matched “${query}”. Try other words. The tools come from: ${servers.join(', ')}.`,
        );
      }
      options.onFound(found.map((entry) => entry.modelName));
      return success(describeFound(query, found));
    },
  };
}

/**
 * The search tool's definition: it names how many tools it searches and their servers, so it
 * depends on the searchable set alone (one object per set, kept by the caller).
 */
export function toolSearchDefinition(held: number, servers: readonly string[]): ModelTool {
  return {
    modelName: TOOL_SEARCH_TOOL_NAME,
    description: [
      `Searches ${held} more tools that are available but not loaded yet, from the MCP servers ${servers.join(', ')}.`,
      'Call it with a few words saying what you need to do (for example "create issue in repository" or "weather forecast"). The best matches come back with their descriptions and parameters, and you can call them from your next step on.',
      'Search again with other words if nothing fits. Tools already offered to you do not need a search.',
    ].join('\n'),
    inputSchema: {
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description: 'What the tool should do, in a few words.',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_LIMIT,
          description: `How many tools to return (default ${DEFAULT_LIMIT}).`,
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
  };
}

function describeFound(query: string, found: readonly CatalogEntry[]): string {
  const lines = found.map((entry) => {
    const schema = entry.tool.inputSchema as { properties?: object; required?: unknown };
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const parameters = Object.keys(schema.properties ?? {}).map((name) =>
      required.has(name) ? `${name} (required)` : name,
    );
    const description = oneLine(entry.tool.description ?? entry.tool.title ?? '');
    return [
      `- ${entry.modelName} (from the MCP server “${entry.server}”)`,
      description ? `: ${cut(description)}` : '',
      parameters.length > 0 ? ` Parameters: ${parameters.join(', ')}.` : ' No parameters.',
    ].join('');
  });
  return [
    `Found ${found.length} tool${found.length === 1 ? '' : 's'} for “${query}”. They are loaded: call them by these names from your next step on.`,
    ...lines,
  ].join('\n');
}

function readInput(input: unknown): { query: string; limit: number } {
  const record = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const query = typeof record.query === 'string' ? record.query.trim().slice(0, 500) : '';
  const raw = typeof record.limit === 'number' ? Math.floor(record.limit) : DEFAULT_LIMIT;
  return { query, limit: Math.min(MAX_LIMIT, Math.max(1, raw)) };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function cut(text: string): string {
  return text.length <= RESULT_DESCRIPTION_CHARS
    ? text
    : `${text.slice(0, RESULT_DESCRIPTION_CHARS - 1)}…`;
}

function success(text: string): ToolOutcome {
  return { content: [{ type: 'text', text }] };
}

function failure(text: string): ToolOutcome {
  return { content: [{ type: 'text', text }], isError: true };
}
