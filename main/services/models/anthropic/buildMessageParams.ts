import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages';
import type {
  ConversationMessage,
  MessageBlock,
} from '../../../../shared/domain/conversationMessage';
import { fittedToolUseId } from '../fittedToolUseId';
import type { ModelRequest, ModelTool } from '../ModelClient';
import type { ToolNameMap } from '../ToolNameMap';

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * The Messages API body for one streamed request. Tools and the system prompt are the stable
 * prefix of every request in a conversation, so each gets a cache breakpoint (on the last tool
 * and on the system block): later steps and turns read that prefix from the prompt cache.
 * Stored messages have this API's shape already; only what another provider wrote needs care:
 * readable reasoning is left out, tool names and call ids are fitted to this API's alphabet.
 */
export function buildMessageParams(
  request: ModelRequest,
  names: ToolNameMap,
): MessageCreateParamsStreaming {
  const params: MessageCreateParamsStreaming = {
    model: request.model,
    max_tokens: request.maxTokens,
    stream: true,
    messages: request.messages.flatMap((message) => toApiMessage(message, names)),
  };
  if (request.tools.length > 0) {
    const last = request.tools.length - 1;
    params.tools = request.tools.map((tool, index) => toApiTool(tool, names, index === last));
  }
  if (request.system) {
    params.system = [{ type: 'text', text: request.system, cache_control: EPHEMERAL }];
  }
  if (request.stopSequences?.length) params.stop_sequences = [...request.stopSequences];
  if (request.toolChoice && request.tools.length > 0) {
    params.tool_choice = { type: request.toolChoice };
  }
  return params;
}

function toApiMessage(message: ConversationMessage, names: ToolNameMap): MessageParam[] {
  if (typeof message.content === 'string')
    return [{ role: message.role, content: message.content }];
  const content = message.content.flatMap((block) => toApiBlock(block, names));
  // A message of reasoning alone has nothing for this API.
  return content.length > 0 ? [{ role: message.role, content }] : [];
}

function toApiBlock(block: MessageBlock, names: ToolNameMap): ContentBlockParam[] {
  switch (block.type) {
    case 'reasoning':
      return [];
    case 'tool_use':
      return [{ ...block, id: fittedToolUseId(block.id), name: names.wire(block.name) }];
    case 'tool_result':
      return [{ ...block, tool_use_id: fittedToolUseId(block.tool_use_id) }];
    default:
      return [block];
  }
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
