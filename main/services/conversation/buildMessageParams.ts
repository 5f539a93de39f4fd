import type {
  MessageCreateParamsStreaming,
  MessageParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages';
import type { ModelRequest, ModelTool } from './ModelClient';

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * The Messages API body for one streamed request. Tools and the system prompt are the stable
 * prefix of every request in a conversation, so each gets a cache breakpoint (on the last tool
 * and on the system block): later steps and turns read that prefix from the prompt cache.
 */
export function buildMessageParams(request: ModelRequest): MessageCreateParamsStreaming {
  const params: MessageCreateParamsStreaming = {
    model: request.model,
    max_tokens: request.maxTokens,
    stream: true,
    // Stored messages already have the API's shape; see shared/domain/conversationMessage.ts.
    messages: request.messages.map((message): MessageParam => message),
  };
  if (request.tools.length > 0) {
    const last = request.tools.length - 1;
    params.tools = request.tools.map((tool, index) => toApiTool(tool, index === last));
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

function toApiTool(tool: ModelTool, cacheBreakpoint: boolean): Tool {
  const apiTool: Tool = {
    name: tool.modelName,
    description: tool.description,
    // The API insists on an object schema; MCP requires one too, so this only fills a gap.
    input_schema: { ...tool.inputSchema, type: 'object' },
  };
  if (cacheBreakpoint) apiTool.cache_control = EPHEMERAL;
  return apiTool;
}
