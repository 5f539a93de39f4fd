import { randomBytes } from 'node:crypto';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ModelStreamEvent, StreamUsage } from '../ModelStreamEvent';
import type { ToolNameMap } from '../ToolNameMap';

/** What some compatible servers add to a delta: DeepSeek, Qwen, Kimi, LM Studio; OpenRouter, Ollama. */
interface ReasoningDelta {
  reasoning_content?: unknown;
  reasoning?: unknown;
}

/** Usage as DeepSeek spells its cache hits, next to OpenAI's `prompt_tokens_details`. */
interface ChunkUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
  prompt_cache_hit_tokens?: number;
}

const FINISH_REASONS: Record<string, string> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  length: 'max_tokens',
  content_filter: 'refusal',
};

/**
 * Turns Chat Completions stream chunks into the neutral block events. Chunks carry one choice
 * whose delta may hold reasoning, text and tool call fragments; each kind becomes a block with
 * its own index, in the order it first appeared. A tool call is announced by its first fragment
 * (id and name) and fed its `arguments` as they arrive, split across chunks however the server
 * likes. Call ids are minted here: providers reuse ids like `call_0` across turns, and a call id
 * names a stored tool call for good.
 */
export class ChunkTranslator {
  private started = false;
  private nextIndex = 0;
  private textIndex: number | undefined;
  private reasoningIndex: number | undefined;
  /** By the wire's tool call index: our block index once the name is known, and what came before. */
  private readonly tools = new Map<number, { index?: number; name: string; early: string }>();
  private finishReason: string | null = null;
  private usage: StreamUsage | undefined;

  constructor(private readonly names: ToolNameMap) {}

  /** The events one chunk stands for. */
  push(chunk: ChatCompletionChunk): ModelStreamEvent[] {
    const out: ModelStreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({ type: 'messageStart' });
    }
    if (chunk.usage) this.usage = usageOf(chunk.usage);
    const choice = chunk.choices[0];
    if (!choice) return out;
    const delta = choice.delta as ChatCompletionChunk.Choice.Delta & ReasoningDelta;
    const reasoning = stringOf(delta.reasoning_content) ?? stringOf(delta.reasoning);
    if (reasoning) {
      if (this.reasoningIndex === undefined) {
        this.reasoningIndex = this.nextIndex++;
        out.push({ type: 'blockStart', index: this.reasoningIndex, block: { type: 'reasoning' } });
      }
      out.push({
        type: 'blockDelta',
        index: this.reasoningIndex,
        delta: { type: 'reasoning', text: reasoning },
      });
    }
    if (delta.content) {
      if (this.textIndex === undefined) {
        this.textIndex = this.nextIndex++;
        out.push({ type: 'blockStart', index: this.textIndex, block: { type: 'text' } });
      }
      out.push({
        type: 'blockDelta',
        index: this.textIndex,
        delta: { type: 'text', text: delta.content },
      });
    }
    for (const call of delta.tool_calls ?? []) out.push(...this.toolFragment(call));
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return out;
  }

  private toolFragment(call: ChatCompletionChunk.Choice.Delta.ToolCall): ModelStreamEvent[] {
    let tool = this.tools.get(call.index);
    if (!tool) {
      tool = { name: '', early: '' };
      this.tools.set(call.index, tool);
    }
    if (!tool.name && call.function?.name) tool.name = call.function.name;
    const json = call.function?.arguments ?? '';
    if (tool.index === undefined) {
      // A server may send the name after the first fragment: hold arguments until it comes.
      tool.early += json;
      return tool.name ? this.openTool(tool) : [];
    }
    return json
      ? [{ type: 'blockDelta', index: tool.index, delta: { type: 'toolInput', json } }]
      : [];
  }

  private openTool(tool: { index?: number; name: string; early: string }): ModelStreamEvent[] {
    const index = this.nextIndex++;
    tool.index = index;
    const name = this.names.original(tool.name);
    const out: ModelStreamEvent[] = [
      { type: 'blockStart', index, block: { type: 'toolUse', id: mintId(), name } },
    ];
    if (tool.early)
      out.push({ type: 'blockDelta', index, delta: { type: 'toolInput', json: tool.early } });
    tool.early = '';
    return out;
  }

  /**
   * The closing events once the stream ended cleanly, or none when it never said how it
   * finished (a cut stream: what arrived stays partial).
   */
  finish(): ModelStreamEvent[] {
    if (!this.started || this.finishReason === null) return [];
    const out: ModelStreamEvent[] = [];
    // A call whose name never came is still a call: the loop answers it as an unknown tool.
    for (const tool of this.tools.values())
      if (tool.index === undefined) out.push(...this.openTool(tool));
    const open = [
      this.reasoningIndex,
      this.textIndex,
      ...[...this.tools.values()].map((t) => t.index),
    ];
    for (const index of open.filter((i): i is number => i !== undefined).sort((a, b) => a - b)) {
      out.push({ type: 'blockStop', index });
    }
    // Some servers (older Ollama) say `stop` although they made tool calls.
    const stopReason =
      this.tools.size > 0 && this.finishReason === 'stop'
        ? 'tool_use'
        : (FINISH_REASONS[this.finishReason] ?? this.finishReason);
    out.push({ type: 'messageDelta', stopReason, ...(this.usage ? { usage: this.usage } : {}) });
    out.push({ type: 'messageStop' });
    return out;
  }
}

/** `call_` and 24 random characters: unique for good, and valid on every wire. */
function mintId(): string {
  return `call_${randomBytes(18).toString('base64url')}`;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Input tokens excluding cache reads, as the Messages API counts them. */
function usageOf(usage: ChunkUsage): StreamUsage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0;
  const out: StreamUsage = { cacheReadInputTokens: cached };
  if (typeof usage.prompt_tokens === 'number') {
    out.inputTokens = Math.max(0, usage.prompt_tokens - cached);
  }
  if (typeof usage.completion_tokens === 'number') out.outputTokens = usage.completion_tokens;
  return out;
}
