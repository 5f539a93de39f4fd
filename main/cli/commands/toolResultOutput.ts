import type { CommandResult } from '../CliContext';
import type { CallToolResult } from '../../services/mcp/session/mcpTypes';

/** What `call` (and `task`) print for a tool result. */
export function toolResultOutput(
  result: CallToolResult,
  extra: Record<string, unknown> = {},
): CommandResult {
  const text = result.content
    .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
    .join('\n');
  const structured = result.structuredContent
    ? `\n${JSON.stringify(result.structuredContent, null, 2)}`
    : '';
  return {
    json: { ...result, ...extra },
    text: `${result.isError ? 'Tool error:\n' : ''}${text}${structured}`,
    exitCode: result.isError ? 1 : 0,
  };
}
