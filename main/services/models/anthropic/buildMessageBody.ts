import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  Tool,
  ToolUnion,
} from '@anthropic-ai/sdk/resources/messages';
import type {
  ConversationMessage,
  MessageBlock,
  ServerToolUseBlock,
  ToolSearchResultBlock,
} from '../../../../shared/domain/conversationMessage';
import { fittedToolUseId } from '../fittedToolUseId';
import type { ModelRequest, ModelTool } from '../ModelClient';
import { HistoryWireCache, type WireBody } from '../HistoryWireCache';
import type { ToolNameMap } from '../ToolNameMap';

const EPHEMERAL = { type: 'ephemeral' } as const;

/** Claude's own tool search, BM25 over the deferred tools' names, descriptions and arguments. */
const API_TOOL_SEARCH = {
  type: 'tool_search_tool_bm25_20251119',
  name: 'tool_search_tool_bm25',
} as const;

/**
 * The Messages API body for one streamed request. Tools and the system prompt are the stable
 * prefix of every request in a conversation, so each gets a cache breakpoint (on the last tool
 * the model sees in full and on the system block): later steps and turns read that prefix from
 * the prompt cache. With the API's tool search, deferred tools follow with `defer_loading`
 * behind the search tool. Stored messages have this API's shape already; only what another
 * provider wrote needs care: readable reasoning is left out, tool names and call ids are fitted
 * to this API's alphabet, and searches are kept only while the request searches too. The body
 * is UTF-8 JSON, `messages` last: the history's part of it is kept from the conversation's
 * previous request (see HistoryWireCache), so a long conversation is not encoded anew each turn.
 */
export function buildMessageBody(request: ModelRequest, names: ToolNameMap): WireBody {
  const search = request.toolSearch === 'bm25';
  const sent = new Set(request.tools.map((tool) => names.wire(tool.modelName)));
  // What a message's wire form depends on besides the message itself (see convert).
  const key = `${String(search)}\n${[...sent].join('\n')}`;
  const history = { names, search, sent, key };
  const params: Omit<MessageCreateParamsStreaming, 'messages'> = {
    model: request.model,
    max_tokens: request.maxTokens,
    stream: true,
  };
  if (request.tools.length > 0 || search) {
    // Loaded tools first, deferred after: the breakpoint ends the part the model always sees.
    const loaded = request.tools.filter((tool) => !(search && tool.deferLoading));
    const deferred = search ? request.tools.filter((tool) => tool.deferLoading) : [];
    const tools: ToolUnion[] = search ? [{ ...API_TOOL_SEARCH }] : [];
    tools.push(...loaded.map((tool) => toApiTool(tool, names, false)));
    const last = tools.at(-1);
    if (last) last.cache_control = EPHEMERAL;
    tools.push(
      ...deferred.map((tool) => ({ ...toApiTool(tool, names, false), defer_loading: true })),
    );
    params.tools = tools;
  }
  if (request.system) {
    params.system = [{ type: 'text', text: request.system, cache_control: EPHEMERAL }];
  }
  if (request.stopSequences?.length) params.stop_sequences = [...request.stopSequences];
  if (request.toolChoice && request.tools.length > 0) {
    params.tool_choice = { type: request.toolChoice };
  }
  return histories.body({
    head: params,
    messages: request.messages,
    key,
    convertOne: (message) => convert(message, history),
  });
}

interface HistoryContext {
  names: ToolNameMap;
  /** The request has the API's tool search. */
  search: boolean;
  /** Wire names of the request's tools. */
  sent: ReadonlySet<string>;
  /** `search` and `sent` as one string: requests with the same key convert a message alike. */
  key: string;
}

/**
 * Each conversation's history in this API's form, reused from request to request: name fitting
 * is deterministic, so a message converts alike in every request with the same key. (A reused
 * message does not teach `names` the history's tool names; calls map back through the
 * request's tools, which it learned up front.)
 */
const histories = new HistoryWireCache<MessageParam>();

function convert(message: ConversationMessage, history: HistoryContext): MessageParam[] {
  if (typeof message.content === 'string')
    return [{ role: message.role, content: message.content }];
  const queries = new Map(
    message.content.flatMap((block) =>
      block.type === 'server_tool_use' ? [[block.id, block] as const] : [],
    ),
  );
  const content = message.content.flatMap((block) => toApiBlock(block, history, queries));
  // A message of reasoning alone has nothing for this API.
  return content.length > 0 ? [{ role: message.role, content }] : [];
}

function toApiBlock(
  block: MessageBlock,
  history: HistoryContext,
  queries: ReadonlyMap<string, ServerToolUseBlock>,
): ContentBlockParam[] {
  const { names } = history;
  switch (block.type) {
    case 'reasoning':
      return [];
    case 'tool_use':
      return [{ ...block, id: fittedToolUseId(block.id), name: names.wire(block.name) }];
    case 'tool_result':
      return [{ ...block, tool_use_id: fittedToolUseId(block.tool_use_id) }];
    case 'server_tool_use':
      // Without the search tool in this request, the search reads as a note (below).
      return history.search ? [block] : [];
    case 'tool_search_tool_result':
      return history.search
        ? [withKnownReferences(block, history)]
        : searchAsText(block, queries.get(block.tool_use_id));
    default:
      return [block];
  }
}

/**
 * A reference to a tool the request no longer has (its server was switched off) would be
 * refused by the API (`tool_reference_unresolved`), so only references to sent tools stay.
 */
function withKnownReferences(
  block: ToolSearchResultBlock,
  history: HistoryContext,
): ToolSearchResultBlock {
  if (block.content.type !== 'tool_search_tool_search_result') return block;
  const tool_references = block.content.tool_references.flatMap((ref) => {
    const wire = history.names.wire(ref.tool_name);
    return history.sent.has(wire) ? [{ ...ref, tool_name: wire }] : [];
  });
  return { ...block, content: { ...block.content, tool_references } };
}

/** An earlier search, told as text to a request that has every tool loaded. */
function searchAsText(
  block: ToolSearchResultBlock,
  query: ServerToolUseBlock | undefined,
): ContentBlockParam[] {
  const asked = JSON.stringify(query?.input ?? {});
  const outcome =
    block.content.type === 'tool_search_tool_search_result'
      ? `found ${block.content.tool_references.map((ref) => ref.tool_name).join(', ') || 'nothing'}`
      : `failed (${block.content.error_code})`;
  return [{ type: 'text', text: `[Tool search ${asked}: ${outcome}.]` }];
}

function toApiTool(tool: ModelTool, names: ToolNameMap, cacheBreakpoint: boolean): Tool {
  const apiTool: Tool = {
    name: names.wire(tool.modelName),
    description: tool.description,
    // The API insists on an object schema; MCP requires one too, so this only fills a gap.
    input_schema: { ...tool.inputSchema, type: 'object' },
  };
  if (cacheBreakpoint) apiTool.cache_control = EPHEMERAL;
  return apiTool;
}
