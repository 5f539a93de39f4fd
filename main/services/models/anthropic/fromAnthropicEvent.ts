import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ModelStreamEvent, StreamUsage } from '../ModelStreamEvent';

/** One Messages API stream event as the neutral event it is (undefined: nothing we keep). */
export function fromAnthropicEvent(event: RawMessageStreamEvent): ModelStreamEvent | undefined {
  switch (event.type) {
    case 'message_start':
      return { type: 'messageStart', usage: usageOf(event.message.usage) };
    case 'content_block_start': {
      const block = event.content_block;
      const index = event.index;
      switch (block.type) {
        case 'text':
          return { type: 'blockStart', index, block: { type: 'text', text: block.text } };
        case 'tool_use':
          return {
            type: 'blockStart',
            index,
            block: { type: 'toolUse', id: block.id, name: block.name },
          };
        case 'thinking':
          return {
            type: 'blockStart',
            index,
            block: { type: 'reasoning', text: block.thinking, signature: block.signature },
          };
        case 'redacted_thinking':
          return {
            type: 'blockStart',
            index,
            block: { type: 'redactedThinking', data: block.data },
          };
        default:
          return { type: 'blockStart', index, block: { type: 'other' } };
      }
    }
    case 'content_block_delta': {
      const delta = event.delta;
      const index = event.index;
      switch (delta.type) {
        case 'text_delta':
          return { type: 'blockDelta', index, delta: { type: 'text', text: delta.text } };
        case 'input_json_delta':
          return {
            type: 'blockDelta',
            index,
            delta: { type: 'toolInput', json: delta.partial_json },
          };
        case 'thinking_delta':
          return { type: 'blockDelta', index, delta: { type: 'reasoning', text: delta.thinking } };
        case 'signature_delta':
          return {
            type: 'blockDelta',
            index,
            delta: { type: 'signature', signature: delta.signature },
          };
        default:
          return undefined;
      }
    }
    case 'content_block_stop':
      return { type: 'blockStop', index: event.index };
    case 'message_delta':
      return {
        type: 'messageDelta',
        stopReason: event.delta.stop_reason,
        usage: usageOf(event.usage),
      };
    case 'message_stop':
      return { type: 'messageStop' };
  }
}

/** message_delta repeats counts cumulatively; a null means "unchanged". */
function usageOf(usage: {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}): StreamUsage {
  const out: StreamUsage = {};
  if (usage.input_tokens != null) out.inputTokens = usage.input_tokens;
  if (usage.output_tokens != null) out.outputTokens = usage.output_tokens;
  if (usage.cache_creation_input_tokens != null) {
    out.cacheCreationInputTokens = usage.cache_creation_input_tokens;
  }
  if (usage.cache_read_input_tokens != null) {
    out.cacheReadInputTokens = usage.cache_read_input_tokens;
  }
  return out;
}
