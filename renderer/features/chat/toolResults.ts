import type { ToolResultBlock } from '../../../shared/domain/conversationMessage';
import type { ToolOutcome } from '../../../shared/domain/toolOutcome';
import type { TextSource } from '../../components/largeText/TextSource';
import type { ToolResult } from '../../stores/chatStore';
import type { ChatMessage } from '../../stores/chatModel';
import { contentBlock, toolResultView, type ToolResultView } from '../servers/contentBlocks';

/** What the model was sent for each tool call, by tool use id (from the carrier messages). */
export function sentToolResults(messages: readonly ChatMessage[]): Record<string, ToolResultBlock> {
  const results: Record<string, ToolResultBlock> = {};
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const block of message.content) {
      if (block.type === 'tool_result') results[block.tool_use_id] = block;
    }
  }
  return results;
}

/** A tool's outcome as the result view shows it. */
export function outcomeView(outcome: ToolOutcome): ToolResultView {
  return toolResultView(outcome);
}

/** What the model was sent, as the result view shows it (Anthropic blocks to MCP-like ones). */
export function sentView(block: ToolResultBlock): ToolResultView {
  const blocks = (block.content ?? []).map((part) =>
    part.type === 'text'
      ? contentBlock(part)
      : contentBlock({ type: 'image', data: part.source.data, mimeType: part.source.media_type }),
  );
  return { blocks, isError: block.is_error === true };
}

/** Characters of text a view holds: compared with the full result's size for "Show all". */
export function viewChars(view: ToolResultView): number {
  let chars = 0;
  for (const block of view.blocks) {
    if (block.type === 'text' || block.type === 'resourceText') chars += block.text.length;
  }
  return chars;
}

/** Reads a slice of one text block of a stored result (the chat store's action). */
export type ReadResultText = (
  toolUseId: string,
  block: number,
  offset: number,
  maxChars: number,
) => Promise<string>;

/**
 * Sources for the text blocks main sent cut: the part that came with the result first, then
 * the rest from main, slice by slice. Undefined when nothing was cut.
 */
export function cutTextSources(
  toolUseId: string,
  result: ToolResult,
  read: ReadResultText,
): ReadonlyMap<number, TextSource> | undefined {
  if (!result.cut?.length) return undefined;
  const sources = new Map<number, TextSource>();
  for (const { block, chars } of result.cut) {
    const content = result.outcome.content[block];
    const head =
      content?.type === 'text'
        ? content.text
        : content?.type === 'resource' && 'text' in content.resource
          ? content.resource.text
          : '';
    sources.set(block, {
      totalChars: chars,
      read: (offset, maxChars) =>
        offset < head.length
          ? Promise.resolve(head.slice(offset, Math.min(head.length, offset + maxChars)))
          : read(toolUseId, block, offset, maxChars),
    });
  }
  return sources;
}
