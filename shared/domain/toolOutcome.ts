import { z } from 'zod';

/**
 * What a tool call produced, in MCP's `CallToolResult` shape. The conversation loop receives
 * this from whoever executes tools (MCP servers behind approvals) and maps it to what the
 * model sees; the full outcome is kept for the person and the store.
 */
export const toolTextContentSchema = z.object({ type: z.literal('text'), text: z.string() });

/** Base64 `data` plus its MIME type, as MCP sends images. */
export const toolImageContentSchema = z.object({
  type: z.literal('image'),
  data: z.string(),
  mimeType: z.string(),
});

export const toolAudioContentSchema = z.object({
  type: z.literal('audio'),
  data: z.string(),
  mimeType: z.string(),
});

export const embeddedResourceSchema = z.union([
  z.object({ uri: z.string(), mimeType: z.string().optional(), text: z.string() }),
  z.object({ uri: z.string(), mimeType: z.string().optional(), blob: z.string() }),
]);
export type EmbeddedResource = z.infer<typeof embeddedResourceSchema>;

export const toolResourceContentSchema = z.object({
  type: z.literal('resource'),
  resource: embeddedResourceSchema,
});

export const toolResourceLinkContentSchema = z.object({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});

export const toolContentSchema = z.discriminatedUnion('type', [
  toolTextContentSchema,
  toolImageContentSchema,
  toolAudioContentSchema,
  toolResourceContentSchema,
  toolResourceLinkContentSchema,
]);
export type ToolContent = z.infer<typeof toolContentSchema>;

export const toolOutcomeSchema = z.object({
  content: z.array(toolContentSchema),
  /** A JSON object the tool declared in its output schema. */
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  /** The tool ran and reports failure; the model is told so it can react. */
  isError: z.boolean().optional(),
  /** The result's own `_meta` (for the tool's App; not sent to the model). */
  _meta: z.record(z.string(), z.unknown()).optional(),
  /**
   * What the host tells the model about this call besides the server's result (whether the
   * tool's App was shown); added as the last text of the `tool_result`.
   */
  hostNote: z.string().optional(),
});
export type ToolOutcome = z.infer<typeof toolOutcomeSchema>;
