import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import type { ModelStreamEvent } from './ModelStreamEvent';

export type { ModelStreamEvent } from './ModelStreamEvent';

/**
 * A tool as the model sees it, whatever the provider: the catalog decides names and what
 * stands behind them, each adapter spells it for its wire (and maps names back).
 */
export interface ModelTool {
  /** The name the model calls it by (unique within a request). */
  modelName: string;
  description: string;
  /** JSON Schema of the input object. */
  inputSchema: Record<string, unknown>;
}

/** One model request: the whole conversation so far plus the stable prefix (system, tools). */
export interface ModelRequest {
  /** The model id as the provider spells it (no provider prefix). */
  model: string;
  maxTokens: number;
  system?: string;
  tools: readonly ModelTool[];
  /** In the stored form (see shared/domain/conversationMessage.ts), whoever wrote them. */
  messages: readonly ConversationMessage[];
  /** Sampling for a server may set these; chat turns leave them to the API's defaults. */
  stopSequences?: readonly string[];
  toolChoice?: 'auto' | 'any' | 'none';
}

/**
 * The seam between the tool-use loop and a model API. Adapters live in `anthropic/` and
 * `openaiCompatible/`; tests script their own.
 */
export interface ModelClient {
  /** Who answers, for messages a person reads ("The DeepSeek API sent nothing for 90 s"). */
  readonly label: string;
  /**
   * Streams one model response as provider-neutral events. Failures, before or during the
   * stream, are thrown as an `AppError` with an `LLM_*` code (see `mapModelError`); a request
   * this provider cannot take (a tool schema it cannot express) is LLM_BAD_REQUEST before
   * anything is sent. Aborting `signal` ends the request; the iteration then ends or throws,
   * and the caller decides what that meant.
   */
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent>;
}
