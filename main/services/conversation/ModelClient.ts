import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ConversationMessage } from '../../../shared/domain/conversationMessage';

/** A tool as the model sees it; the catalog decides names and what stands behind them. */
export interface ModelTool {
  /** The name the model calls it by (unique within a request). */
  modelName: string;
  description: string;
  /** JSON Schema of the input object. */
  inputSchema: Record<string, unknown>;
}

/** One model request: the whole conversation so far plus the stable prefix (system, tools). */
export interface ModelRequest {
  model: string;
  maxTokens: number;
  system?: string;
  tools: readonly ModelTool[];
  messages: readonly ConversationMessage[];
  /** Sampling for a server may set these; chat turns leave them to the API's defaults. */
  stopSequences?: readonly string[];
  toolChoice?: 'auto' | 'any' | 'none';
}

/**
 * The Messages API's stream events, plus `ping`: the SDK's own iterator hides pings, but a ping
 * is how the API proves a quiet stream is still alive, so the idle watchdog needs to see it.
 */
export type ModelStreamEvent = RawMessageStreamEvent | { type: 'ping' };

/**
 * The seam between the tool-use loop and a model API. {@link AnthropicModel} is the real one;
 * tests script their own.
 */
export interface ModelClient {
  /**
   * Streams one model response. Failures, before or during the stream, are thrown as an
   * `AppError` with an `LLM_*` code (see `mapModelError`). Aborting `signal` ends the request;
   * the iteration then ends or throws, and the caller decides what that meant.
   */
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent>;
}
