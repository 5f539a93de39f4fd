import type {
  ConversationMessage,
  ImageMediaType,
  MessageBlock,
} from '../../../shared/domain/conversationMessage';
import { imageMediaTypeSchema } from '../../../shared/domain/conversationMessage';
import type { SamplingBlock, SamplingRequestView } from '../../../shared/domain/interactions';
import type { ModelRequest } from '../models/ModelClient';

/**
 * An approved sampling request (MCP shapes) as a model request in the stored message form
 * (each provider adapter then writes its own wire). What no wire can
 * take (audio, unsupported image types, resources) becomes a short text note, so the model
 * knows something was there and nothing is silently dropped. `temperature` is shown to the
 * person but not sent: the current Messages API has no such parameter.
 */
export function toModelRequest(
  request: SamplingRequestView,
  model: string,
  maxTokens: number,
): ModelRequest {
  const modelRequest: ModelRequest = {
    model,
    maxTokens,
    tools: (request.tools ?? []).map((tool) => ({
      modelName: tool.name,
      description: tool.description ?? tool.name,
      inputSchema: tool.inputSchema,
    })),
    messages: request.messages.map((message): ConversationMessage => ({
      role: message.role,
      content: message.content.map(toApiBlock),
    })),
  };
  if (request.systemPrompt) modelRequest.system = request.systemPrompt;
  if (request.stopSequences?.length) modelRequest.stopSequences = request.stopSequences;
  const mode = request.toolChoice?.mode;
  if (mode === 'auto' || mode === 'none') modelRequest.toolChoice = mode;
  if (mode === 'required') modelRequest.toolChoice = 'any';
  return modelRequest;
}

function toApiBlock(block: SamplingBlock): MessageBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: stringOf(block.text) };
    case 'image':
      return imageOrNote(block);
    case 'tool_use':
      return {
        type: 'tool_use',
        id: stringOf(block.id),
        name: stringOf(block.name),
        input: isRecord(block.input) ? block.input : {},
      };
    case 'tool_result': {
      const content = Array.isArray(block.content) ? (block.content as SamplingBlock[]) : [];
      return {
        type: 'tool_result',
        tool_use_id: stringOf(block.toolUseId),
        content: content.map((inner) => {
          const mapped = inner.type === 'image' ? imageOrNote(inner) : toApiBlock(inner);
          return mapped.type === 'image' ? mapped : { type: 'text', text: textOf(mapped, inner) };
        }),
        ...(block.isError === true ? { is_error: true } : {}),
      };
    }
    default:
      return { type: 'text', text: noteFor(block) };
  }
}

function imageOrNote(block: SamplingBlock): MessageBlock {
  const mediaType = imageMediaTypeSchema.safeParse(block.mimeType);
  if (!mediaType.success || typeof block.data !== 'string') {
    return { type: 'text', text: noteFor(block) };
  }
  const media_type: ImageMediaType = mediaType.data;
  return { type: 'image', source: { type: 'base64', media_type, data: block.data } };
}

function textOf(mapped: MessageBlock, original: SamplingBlock): string {
  return mapped.type === 'text' ? mapped.text : noteFor(original);
}

function noteFor(block: SamplingBlock): string {
  const mime = typeof block.mimeType === 'string' ? ` ${block.mimeType}` : '';
  return `[${block.type}${mime} content the model cannot read was left out]`;
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
