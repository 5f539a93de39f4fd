/**
 * One streamed model response in a provider-neutral form: a message made of indexed blocks
 * (text, tool calls, reasoning), each started, fed deltas and stopped, then the stop reason and
 * usage. The Anthropic adapter maps its SSE events one to one; the Chat Completions adapter
 * builds the same sequence from its chunks.
 */
export type ModelStreamEvent =
  | { type: 'messageStart'; usage?: StreamUsage }
  | { type: 'blockStart'; index: number; block: StreamBlockStart }
  | { type: 'blockDelta'; index: number; delta: StreamBlockDelta }
  | { type: 'blockStop'; index: number }
  /** `stopReason` in the Messages API's spelling: end_turn, tool_use, max_tokens, stop_sequence, refusal, … */
  | { type: 'messageDelta'; stopReason?: string | null; usage?: StreamUsage }
  | { type: 'messageStop' }
  /** The API proving a quiet stream is alive; only the idle watchdog cares. */
  | { type: 'ping' };

export type StreamBlockStart =
  | { type: 'text'; text?: string }
  | { type: 'toolUse'; id: string; name: string }
  /** Readable reasoning; with a signature it is Claude's thinking and goes back to Claude as such. */
  | { type: 'reasoning'; text?: string; signature?: string }
  | { type: 'redactedThinking'; data: string }
  /** Server-side tool blocks and anything newer: not ours to keep. */
  | { type: 'other' };

export type StreamBlockDelta =
  | { type: 'text'; text: string }
  | { type: 'toolInput'; json: string }
  | { type: 'reasoning'; text: string }
  | { type: 'signature'; signature: string };

/** Token counts so far; an absent field is unchanged (counts arrive cumulatively). */
export interface StreamUsage {
  /** Input tokens not read from a cache. */
  inputTokens?: number;
  outputTokens?: number;
  cacheCreationInputTokens?: number;
  cacheReadInputTokens?: number;
}
