import type { SamplingResultView } from '../../../shared/domain/interactions';
import type { SamplingResult } from '../mcp/session/mcpTypes';

/**
 * The answer a server receives. A request without tools gets exactly one content block (the
 * 2025 result shape): the text blocks joined. With tools, the blocks go as a list.
 */
export function toSamplingResult(result: SamplingResultView, withTools: boolean): SamplingResult {
  const base = {
    model: result.model,
    role: 'assistant' as const,
    ...(result.stopReason ? { stopReason: result.stopReason } : {}),
  };
  if (withTools) {
    return { ...base, content: result.content } as SamplingResult;
  }
  const text = result.content
    .filter((b) => b.type === 'text')
    .map((b) => (typeof b.text === 'string' ? b.text : ''))
    .join('\n');
  return { ...base, content: { type: 'text', text } };
}
