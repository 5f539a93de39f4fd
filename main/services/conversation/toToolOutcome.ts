import type { ToolContent, ToolOutcome } from '../../../shared/domain/toolOutcome';
import type { CallToolResult } from '../mcp/session/mcpTypes';

/**
 * An MCP `CallToolResult` as the conversation loop takes it: the five content kinds it maps for
 * the model, anything newer turned into a short text note instead of failing the whole result.
 */
export function toToolOutcome(result: CallToolResult): ToolOutcome {
  const content: ToolContent[] = [];
  for (const block of result.content) {
    switch (block.type) {
      case 'text':
        content.push({ type: 'text', text: block.text });
        break;
      case 'image':
      case 'audio':
        content.push({ type: block.type, data: block.data, mimeType: block.mimeType });
        break;
      case 'resource': {
        const r = block.resource;
        const mimeType = r.mimeType ? { mimeType: r.mimeType } : {};
        content.push({
          type: 'resource',
          resource:
            'text' in r
              ? { uri: r.uri, ...mimeType, text: r.text }
              : { uri: r.uri, ...mimeType, blob: r.blob },
        });
        break;
      }
      case 'resource_link':
        content.push({
          type: 'resource_link',
          uri: block.uri,
          name: block.name,
          ...(block.title ? { title: block.title } : {}),
          ...(block.description ? { description: block.description } : {}),
          ...(block.mimeType ? { mimeType: block.mimeType } : {}),
        });
        break;
      default:
        content.push({
          type: 'text',
          text: `[unsupported content type: ${(block as { type: string }).type}]`,
        });
    }
  }
  return {
    content,
    ...(result.structuredContent
      ? { structuredContent: result.structuredContent as Record<string, unknown> }
      : {}),
    ...(result.isError ? { isError: true } : {}),
    ...(result._meta ? { _meta: result._meta } : {}),
  };
}
