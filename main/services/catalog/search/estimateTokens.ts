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

/** Estimated tokens of one tool definition as a model API receives it. */
export function estimateToolTokens(tool: ModelTool): number {
  return estimateTextTokens(
    JSON.stringify({
      name: tool.modelName,
      description: tool.description,
      input_schema: tool.inputSchema,
    }),
  );
}
