import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionSystemMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { WireBody } from '../HistoryWireCache';
import type { ModelRequest } from '../ModelClient';
import type { ToolNameMap } from '../ToolNameMap';
import { portableSchema } from './portableSchema';
import { chatHistoryBody, type ChatWireOptions } from './chatHistoryBody';

/** How one provider wants its requests written. */
export interface ChatRequestOptions extends ChatWireOptions {
  /** OpenAI's newer models refuse `max_tokens`; most compatible servers only know it. */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
}

/** The Chat Completions API takes at most this many stop sequences. */
const MAX_STOP = 4;

const TOOL_CHOICE = { auto: 'auto', any: 'required', none: 'none' } as const;

/**
 * The streamed Chat Completions body for one request, usage included, as UTF-8 JSON with
 * `messages` last (the history's part kept from the conversation's previous request, see
 * HistoryWireCache). Tools are functions with portable schemas (see {@link portableSchema}); a
 * tool whose schema cannot be expressed throws LLM_BAD_REQUEST naming it, before anything is
 * sent.
 */
export function toChatBody(
  request: ModelRequest,
  names: ToolNameMap,
  options: ChatRequestOptions,
): WireBody {
  const body: Omit<ChatCompletionCreateParamsStreaming, 'messages'> = {
    model: request.model,
    stream: true,
    stream_options: { include_usage: true },
  };
  body[options.maxTokensField] = request.maxTokens;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool): ChatCompletionTool => ({
      type: 'function',
      function: {
        name: names.wire(tool.modelName),
        description: tool.description,
        parameters: portableSchema(tool.inputSchema, tool.modelName, options.provider),
      },
    }));
    if (request.toolChoice) body.tool_choice = TOOL_CHOICE[request.toolChoice];
  }
  if (request.stopSequences?.length) body.stop = request.stopSequences.slice(0, MAX_STOP);
  const system: ChatCompletionSystemMessageParam[] = request.system
    ? [{ role: 'system', content: request.system }]
    : [];
  return chatHistoryBody(body, system, request.messages, names, options);
}
