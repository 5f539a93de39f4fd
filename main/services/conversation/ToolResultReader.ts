import { toolOutcomeSchema, type ToolOutcome } from '../../../shared/domain/toolOutcome';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { ConversationStore } from '../store/ConversationStore';

/** A text block of a result cut short: which block, and how long it really is. */
export interface CutBlock {
  block: number;
  chars: number;
}

/** A stored result as windows get it. */
export interface ToolResultAnswer {
  outcome: ToolOutcome;
  durationMs?: number;
  /** Text blocks cut to the asked length; {@link ToolResultReader.text} reads the rest. */
  cut?: CutBlock[];
}

interface Cached {
  outcome: ToolOutcome;
  durationMs: number | null;
  usedAt: number;
}

/** Results kept parsed: the one being read in slices, and one more. */
const CACHED = 2;
/** A result nobody read for this long is parsed again on the next read. */
const IDLE_MS = 60_000;

/**
 * Reads stored tool results for windows. A result of many megabytes is not sent whole: its text
 * blocks can be cut to a length and the rest read in slices, so no single answer (and no single
 * parse in a window) grows with the result. The last results read stay parsed for a minute, so
 * reading one in slices parses it once.
 */
export class ToolResultReader {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly store: ConversationStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The result; with `maxTextChars`, every longer text block is cut to it and listed in `cut`. */
  read(toolUseId: string, maxTextChars?: number): ToolResultAnswer {
    const { outcome, durationMs } = this.load(toolUseId);
    const answer: ToolResultAnswer = durationMs !== null ? { outcome, durationMs } : { outcome };
    if (maxTextChars === undefined) return answer;
    const cut: CutBlock[] = [];
    const content = outcome.content.map((block, index) => {
      const text = textOf(block);
      if (text === undefined || text.length <= maxTextChars) return block;
      cut.push({ block: index, chars: text.length });
      return withText(block, text.slice(0, maxTextChars));
    });
    return cut.length > 0 ? { ...answer, outcome: { ...outcome, content }, cut } : answer;
  }

  /** `maxChars` characters of one text block from `offset`, and the block's whole length. */
  text(
    toolUseId: string,
    block: number,
    offset: number,
    maxChars: number,
  ): { text: string; totalChars: number } {
    const content = this.load(toolUseId).outcome.content[block];
    const text = content ? textOf(content) : undefined;
    if (text === undefined) {
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('conversation.toolResultNoTextBlock', { id: toolUseId, block }),
      );
    }
    return { text: text.slice(offset, offset + maxChars), totalChars: text.length };
  }

  /** Drops what is kept parsed (a conversation or its later messages were deleted). */
  forget(): void {
    this.cache.clear();
  }

  private load(toolUseId: string): Cached {
    const now = this.now();
    for (const [id, entry] of this.cache) if (now - entry.usedAt > IDLE_MS) this.cache.delete(id);
    const known = this.cache.get(toolUseId);
    if (known) {
      known.usedAt = now;
      // Newest last: the entry evicted first is the one read least recently.
      this.cache.delete(toolUseId);
      this.cache.set(toolUseId, known);
      return known;
    }
    const detail = this.store.getToolCall(toolUseId);
    if (!detail)
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('conversation.toolCallNotFound', { id: toolUseId }),
      );
    const parsed = toolOutcomeSchema.safeParse(detail.result);
    const outcome: ToolOutcome = parsed.success
      ? parsed.data
      : {
          content: [
            {
              type: 'text',
              text: detail.error?.message ?? 'No result was recorded.',
            },
          ],
          isError: true,
        };
    const entry: Cached = { outcome, durationMs: detail.durationMs, usedAt: now };
    this.cache.set(toolUseId, entry);
    while (this.cache.size > CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return entry;
  }
}

type Block = ToolOutcome['content'][number];

/** The text a block carries: a text block's, or an embedded text resource's. */
function textOf(block: Block): string | undefined {
  if (block.type === 'text') return block.text;
  if (block.type === 'resource' && 'text' in block.resource) return block.resource.text;
  return undefined;
}

function withText(block: Block, text: string): Block {
  if (block.type === 'text') return { ...block, text };
  if (block.type === 'resource' && 'text' in block.resource)
    return { ...block, resource: { ...block.resource, text } };
  return block;
}
