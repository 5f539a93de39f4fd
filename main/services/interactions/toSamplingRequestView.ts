import type { SamplingBlock, SamplingRequestView } from '../../../shared/domain/interactions';
import type { SamplingRequest } from '../mcp/session/mcpTypes';

/**
 * A sampling request as the review panel shows it: every message's content as a list of MCP
 * blocks (a single block is wrapped), tools without the server's extra fields.
 */
export function toSamplingRequestView(request: SamplingRequest): SamplingRequestView {
  const params = request.params;
  const view: SamplingRequestView = {
    messages: params.messages.map((message) => ({
      role: message.role,
      content: (Array.isArray(message.content) ? message.content : [message.content]).map(
        (block): SamplingBlock => ({ ...block }),
      ),
    })),
    maxTokens: params.maxTokens,
  };
  if (params.systemPrompt !== undefined) view.systemPrompt = params.systemPrompt;
  if (params.temperature !== undefined) view.temperature = params.temperature;
  if (params.stopSequences) view.stopSequences = [...params.stopSequences];
  if (params.includeContext) view.includeContext = params.includeContext;
  if (params.modelPreferences) {
    const { hints, costPriority, speedPriority, intelligencePriority } = params.modelPreferences;
    view.modelPreferences = {
      ...(hints ? { hints: hints.map((h) => (h.name === undefined ? {} : { name: h.name })) } : {}),
      ...(costPriority !== undefined ? { costPriority } : {}),
      ...(speedPriority !== undefined ? { speedPriority } : {}),
      ...(intelligencePriority !== undefined ? { intelligencePriority } : {}),
    };
  }
  if (params.tools) {
    view.tools = params.tools.map((tool) => ({
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: { ...tool.inputSchema },
    }));
  }
  if (params.toolChoice) view.toolChoice = { ...params.toolChoice };
  return view;
}
