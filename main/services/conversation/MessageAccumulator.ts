import type { TokenUsage } from '../../../shared/domain/conversationEvents';
import type { MessageBlock, ToolUseBlock } from '../../../shared/domain/conversationMessage';
import type { ModelStreamEvent } from './ModelClient';

/** A tool_use block with its input parsed, or the reason it could not be. */
export interface CompletedToolUse extends ToolUseBlock {
  /** Set when the streamed input was not valid JSON; `input` is then `{}`. */
  inputError?: string;
}

type BlockState =
  | { kind: 'text'; text: string }
  | { kind: 'tool_use'; id: string; name: string; json: string; done?: CompletedToolUse }
  | { kind: 'thinking'; thinking: string; signature: string; done: boolean }
  | { kind: 'redacted_thinking'; data: string }
  // Server-side tool blocks and anything newer: not ours to send back.
  | { kind: 'other' };

/**
 * Builds one assistant message from Messages API stream events. It knows what arrived so far
 * (for a partial message when the stream breaks), whether anything a person could see has
 * streamed (which decides whether a failure may be retried), and the step's token usage.
 */
export class MessageAccumulator {
  // Indexed by the API's block index; holes stay undefined.
  private readonly blocks: Array<BlockState | undefined> = [];
  private readonly tokens: TokenUsage = {
    inputTokens: 0,
    outputTokens: 0,
    cacheCreationInputTokens: 0,
    cacheReadInputTokens: 0,
  };
  private stopReasonValue: string | null = null;
  private startedValue = false;
  private completeValue = false;
  private contentValue = false;

  /**
   * Applies one event. `onText` receives each text delta with the API's block index, and
   * `onToolInput` each piece of a tool call's input as the model writes it (from an empty one
   * at the block's start). Text and tool_use blocks count as visible content from their first
   * event on.
   */
  apply(
    event: ModelStreamEvent,
    onText: (blockIndex: number, text: string) => void,
    onToolInput?: (blockIndex: number, tool: { id: string; name: string }, json: string) => void,
  ): void {
    switch (event.type) {
      case 'message_start':
        this.startedValue = true;
        this.takeUsage(event.message.usage);
        return;
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'text') {
          this.blocks[event.index] = { kind: 'text', text: block.text };
          if (block.text) this.textArrived(event.index, block.text, onText);
        } else if (block.type === 'tool_use') {
          this.blocks[event.index] = { kind: 'tool_use', id: block.id, name: block.name, json: '' };
          this.contentValue = true;
          onToolInput?.(event.index, block, '');
        } else if (block.type === 'thinking') {
          this.blocks[event.index] = {
            kind: 'thinking',
            thinking: block.thinking,
            signature: block.signature,
            done: false,
          };
        } else if (block.type === 'redacted_thinking') {
          this.blocks[event.index] = { kind: 'redacted_thinking', data: block.data };
        } else {
          this.blocks[event.index] = { kind: 'other' };
        }
        return;
      }
      case 'content_block_delta': {
        const state = this.blocks[event.index];
        const delta = event.delta;
        if (delta.type === 'text_delta' && state?.kind === 'text') {
          state.text += delta.text;
          this.textArrived(event.index, delta.text, onText);
        } else if (delta.type === 'input_json_delta' && state?.kind === 'tool_use') {
          state.json += delta.partial_json;
          onToolInput?.(event.index, state, delta.partial_json);
        } else if (delta.type === 'thinking_delta' && state?.kind === 'thinking') {
          state.thinking += delta.thinking;
        } else if (delta.type === 'signature_delta' && state?.kind === 'thinking') {
          state.signature += delta.signature;
        }
        return;
      }
      case 'content_block_stop': {
        const state = this.blocks[event.index];
        if (state?.kind === 'tool_use') state.done = parseToolUse(state);
        if (state?.kind === 'thinking') state.done = true;
        return;
      }
      case 'message_delta':
        this.stopReasonValue = event.delta.stop_reason;
        this.takeUsage(event.usage);
        return;
      case 'message_stop':
        this.completeValue = true;
        return;
      case 'ping':
        return;
    }
  }

  /** `message_start` arrived (so usage is known). */
  get started(): boolean {
    return this.startedValue;
  }

  /** `message_stop` arrived. */
  get complete(): boolean {
    return this.completeValue;
  }

  /** Text or a tool call has begun to stream: a failure from here on is not retried. */
  get hasContent(): boolean {
    return this.contentValue;
  }

  get stopReason(): string | null {
    return this.stopReasonValue;
  }

  get usage(): TokenUsage {
    return { ...this.tokens };
  }

  /** The finished tool calls, in the order the model made them. */
  toolUses(): CompletedToolUse[] {
    return this.blocks.flatMap((state) =>
      state?.kind === 'tool_use' && state.done ? [state.done] : [],
    );
  }

  /**
   * The message content to keep. Empty text blocks are dropped (the API refuses them). With
   * `partial`, only what stands on its own is kept: text, not half-streamed tool calls or
   * thinking without its signature. Tool calls are also left out when `withToolUses` is false,
   * since a tool_use without a tool_result would make the next request invalid.
   */
  content(options: { partial: boolean; withToolUses: boolean }): MessageBlock[] {
    const out: MessageBlock[] = [];
    for (const state of this.blocks) {
      if (state === undefined) continue;
      if (state.kind === 'text') {
        if (state.text) out.push({ type: 'text', text: state.text });
      } else if (state.kind === 'tool_use') {
        if (options.withToolUses && !options.partial && state.done) {
          const { inputError: _inputError, ...block } = state.done;
          out.push(block);
        }
      } else if (state.kind === 'thinking') {
        if (!options.partial && state.done) {
          out.push({ type: 'thinking', thinking: state.thinking, signature: state.signature });
        }
      } else if (state.kind === 'redacted_thinking') {
        if (!options.partial) out.push({ type: 'redacted_thinking', data: state.data });
      }
    }
    return out;
  }

  private textArrived(
    index: number,
    text: string,
    onText: (blockIndex: number, text: string) => void,
  ): void {
    this.contentValue = true;
    onText(index, text);
  }

  private takeUsage(usage: {
    input_tokens?: number | null;
    output_tokens?: number | null;
    cache_creation_input_tokens?: number | null;
    cache_read_input_tokens?: number | null;
  }): void {
    // message_delta repeats counts cumulatively; a null means "unchanged".
    if (usage.input_tokens != null) this.tokens.inputTokens = usage.input_tokens;
    if (usage.output_tokens != null) this.tokens.outputTokens = usage.output_tokens;
    if (usage.cache_creation_input_tokens != null) {
      this.tokens.cacheCreationInputTokens = usage.cache_creation_input_tokens;
    }
    if (usage.cache_read_input_tokens != null) {
      this.tokens.cacheReadInputTokens = usage.cache_read_input_tokens;
    }
  }
}

function parseToolUse(state: { id: string; name: string; json: string }): CompletedToolUse {
  const block: CompletedToolUse = { type: 'tool_use', id: state.id, name: state.name, input: {} };
  if (state.json.trim() === '') return block;
  try {
    block.input = JSON.parse(state.json) as unknown;
  } catch (error) {
    block.inputError = error instanceof Error ? error.message : String(error);
  }
  return block;
}
