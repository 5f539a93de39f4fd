import type { ModelTool } from '../../models/ModelClient';

/**
 * Tokens are estimated, not counted: providers tokenize differently and counting would cost a
 * request. JSON tool definitions run about 3.5 bytes of UTF-8 per token (dense punctuation and
 * short words; a CJK character is about one token at three bytes).
 */
const BYTES_PER_TOKEN = 3.5;

/** Estimated tokens of a text. */
export function estimateTextTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(Buffer.byteLength(text, 'utf8') / BYTES_PER_TOKEN);
}

/** The JSON a model API receives for one tool: what its token estimate is made from. */
export function definitionJson(tool: ModelTool): string {
  return JSON.stringify({
    name: tool.modelName,
    description: tool.description,
    input_schema: tool.inputSchema,
  });
}

/**
 * Estimated tokens of one tool definition as a model API receives it. Serializes the whole
 * definition: per-turn paths go through `ToolDefinitions`, which does it once per definition.
 */
export function estimateToolTokens(tool: ModelTool): number {
  return estimateTextTokens(definitionJson(tool));
}
