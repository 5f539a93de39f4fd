import type { TokenUsage } from '../../../shared/domain/conversationEvents';
import type { MessageBlock, ToolUseBlock } from '../../../shared/domain/conversationMessage';
import type { ModelStreamEvent, StreamUsage } from './ModelStreamEvent';

/** A tool_use block with its input parsed, or the reason it could not be. */
export interface CompletedToolUse extends ToolUseBlock {
  /** Set when the streamed input was not valid JSON; `input` is then `{}`. */
  inputError?: string;
}

/** What streamed: text or reasoning, with the block index the model used. */
export type StreamedKind = 'text' | 'reasoning';

type BlockState =
  | { kind: 'text'; text: string }
  | { kind: 'tool_use'; id: string; name: string; json: string; done?: CompletedToolUse }
  | { kind: 'reasoning'; text: string; signature: string | undefined; done: boolean }
  | { kind: 'redacted_thinking'; data: string }
  // Server-side tool blocks and anything newer: not ours to send back.
  | { kind: 'other' };

/**
 * Builds one assistant message from provider-neutral stream events. It knows what arrived so
 * far (for a partial message when the stream breaks), whether anything a person could see has
 * streamed (which decides whether a failure may be retried), and the step's token usage.
 */
export class MessageAccumulator {
  // Indexed by the stream's block index; holes stay undefined.
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
   * Applies one event. `onDelta` receives each text or reasoning delta with its block index, and
   * `onToolInput` each piece of a tool call's input as the model writes it (from an empty one at
   * the block's start). Text, reasoning and tool_use blocks count as visible content from their
   * first event on.
   */
  apply(
    event: ModelStreamEvent,
    onDelta: (blockIndex: number, text: string, kind: StreamedKind) => void,
    onToolInput?: (blockIndex: number, tool: { id: string; name: string }, json: string) => void,
  ): void {
    switch (event.type) {
      case 'messageStart':
        this.startedValue = true;
        if (event.usage) this.takeUsage(event.usage);
        return;
      case 'blockStart': {
        const block = event.block;
        if (block.type === 'text') {
          this.blocks[event.index] = { kind: 'text', text: block.text ?? '' };
          if (block.text) this.arrived(event.index, block.text, 'text', onDelta);
        } else if (block.type === 'toolUse') {
          this.blocks[event.index] = { kind: 'tool_use', id: block.id, name: block.name, json: '' };
          this.contentValue = true;
          onToolInput?.(event.index, block, '');
        } else if (block.type === 'reasoning') {
          this.blocks[event.index] = {
            kind: 'reasoning',
            text: block.text ?? '',
            signature: block.signature,
            done: false,
          };
          if (block.text) this.arrived(event.index, block.text, 'reasoning', onDelta);
        } else if (block.type === 'redactedThinking') {
          this.blocks[event.index] = { kind: 'redacted_thinking', data: block.data };
        } else {
          this.blocks[event.index] = { kind: 'other' };
        }
        return;
      }
      case 'blockDelta': {
        const state = this.blocks[event.index];
        const delta = event.delta;
        if (delta.type === 'text' && state?.kind === 'text') {
          state.text += delta.text;
          this.arrived(event.index, delta.text, 'text', onDelta);
        } else if (delta.type === 'toolInput' && state?.kind === 'tool_use') {
          state.json += delta.json;
          onToolInput?.(event.index, state, delta.json);
        } else if (delta.type === 'reasoning' && state?.kind === 'reasoning') {
          state.text += delta.text;
          this.arrived(event.index, delta.text, 'reasoning', onDelta);
        } else if (delta.type === 'signature' && state?.kind === 'reasoning') {
          state.signature = (state.signature ?? '') + delta.signature;
        }
        return;
      }
      case 'blockStop': {
        const state = this.blocks[event.index];
        if (state?.kind === 'tool_use') state.done = parseToolUse(state);
        if (state?.kind === 'reasoning') state.done = true;
        return;
      }
      case 'messageDelta':
        if (event.stopReason !== undefined) this.stopReasonValue = event.stopReason;
        if (event.usage) this.takeUsage(event.usage);
        return;
      case 'messageStop':
        this.completeValue = true;
        return;
      case 'ping':
        return;
    }
  }

  /** The message began (so usage is known). */
  get started(): boolean {
    return this.startedValue;
  }

  /** The message ended as the API meant it to. */
  get complete(): boolean {
    return this.completeValue;
  }

  /** Text, reasoning or a tool call has begun to stream: a failure from here on is not retried. */
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
   * `partial`, only what stands on its own is kept: text and readable reasoning, not
   * half-streamed tool calls or Claude's thinking without its signature. Tool calls are also
   * left out when `withToolUses` is false, since a tool_use without a tool_result would make the
   * next request invalid.
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
      } else if (state.kind === 'reasoning') {
        const block = reasoningBlock(state, options.partial);
        if (block) out.push(block);
      } else if (state.kind === 'redacted_thinking') {
        if (!options.partial) out.push({ type: 'redacted_thinking', data: state.data });
      }
    }
    return out;
  }

  private arrived(
    index: number,
    text: string,
    kind: StreamedKind,
    onDelta: (blockIndex: number, text: string, kind: StreamedKind) => void,
  ): void {
    this.contentValue = true;
    onDelta(index, text, kind);
  }

  private takeUsage(usage: StreamUsage): void {
    if (usage.inputTokens !== undefined) this.tokens.inputTokens = usage.inputTokens;
    if (usage.outputTokens !== undefined) this.tokens.outputTokens = usage.outputTokens;
    if (usage.cacheCreationInputTokens !== undefined) {
      this.tokens.cacheCreationInputTokens = usage.cacheCreationInputTokens;
    }
    if (usage.cacheReadInputTokens !== undefined) {
      this.tokens.cacheReadInputTokens = usage.cacheReadInputTokens;
    }
  }
}

/** Signed (Claude's thinking) only when whole; readable reasoning as far as it came. */
function reasoningBlock(
  state: Extract<BlockState, { kind: 'reasoning' }>,
  partial: boolean,
): MessageBlock | undefined {
  if (state.signature !== undefined) {
    return !partial && state.done
      ? { type: 'thinking', thinking: state.text, signature: state.signature }
      : undefined;
  }
  return state.text ? { type: 'reasoning', text: state.text } : undefined;
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
