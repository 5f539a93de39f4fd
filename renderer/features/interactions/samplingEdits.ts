import type {
  SamplingBlock,
  SamplingDecision,
  SamplingRequestView,
} from '../../../shared/domain/interactions';

/** A text block's text, or undefined for any other block. */
export function blockText(block: SamplingBlock): string | undefined {
  return block.type === 'text' && typeof block.text === 'string' ? block.text : undefined;
}

/** Key of a request's text block in the edit map. */
export const textKey = (message: number, block: number): string =>
  `${String(message)}:${String(block)}`;

/** The person's edits of a sampling request, as the review panel holds them. */
export interface RequestEdits {
  systemPrompt: string;
  /** By {@link textKey}: the current text of every text block. */
  texts: Record<string, string>;
  maxTokens: string;
  model: string;
}

/** The starting edits: the request as sent, max tokens capped by the server's limit. */
export function initialRequestEdits(
  request: SamplingRequestView,
  suggestedModel: string,
  maxTokensLimit?: number,
): RequestEdits {
  const texts: Record<string, string> = {};
  request.messages.forEach((message, m) =>
    message.content.forEach((block, b) => {
      const text = blockText(block);
      if (text !== undefined) texts[textKey(m, b)] = text;
    }),
  );
  const maxTokens =
    maxTokensLimit === undefined ? request.maxTokens : Math.min(request.maxTokens, maxTokensLimit);
  return {
    systemPrompt: request.systemPrompt ?? '',
    texts,
    maxTokens: String(maxTokens),
    model: suggestedModel,
  };
}

export type MaxTokensIssue = { code: 'notInteger' } | { code: 'range'; max: number };

/** The ceiling for max tokens: the server's limit, else what the contract accepts. */
export const maxTokensCeiling = (limit?: number): number => limit ?? 1_000_000;

/** Checks the max tokens field; undefined when it is a whole number within the bounds. */
export function maxTokensIssue(text: string, limit?: number): MaxTokensIssue | undefined {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(n)) return { code: 'notInteger' };
  const max = maxTokensCeiling(limit);
  if (n < 1 || n > max) return { code: 'range', max };
  return undefined;
}

/** The approve decision: model, max tokens, and only the texts the person changed. */
export function approveRequestDecision(
  request: SamplingRequestView,
  edits: RequestEdits,
): SamplingDecision {
  const texts: { message: number; block: number; text: string }[] = [];
  request.messages.forEach((message, m) =>
    message.content.forEach((block, b) => {
      const original = blockText(block);
      const edited = edits.texts[textKey(m, b)];
      if (original !== undefined && edited !== undefined && edited !== original)
        texts.push({ message: m, block: b, text: edited });
    }),
  );
  const decision: SamplingDecision = {
    action: 'approve-request',
    model: edits.model,
    maxTokens: Number(edits.maxTokens.trim()),
    texts,
  };
  if (edits.systemPrompt !== (request.systemPrompt ?? ''))
    decision.systemPrompt = edits.systemPrompt;
  return decision;
}

/** The result's text blocks as editable strings, by block index. */
export function initialResultTexts(content: readonly SamplingBlock[]): Record<number, string> {
  const texts: Record<number, string> = {};
  content.forEach((block, b) => {
    const text = blockText(block);
    if (text !== undefined) texts[b] = text;
  });
  return texts;
}

/** Rejecting at any stage, with the person's reason when they gave one. */
export const rejectDecision = (reason?: string): SamplingDecision =>
  reason ? { action: 'reject', reason } : { action: 'reject' };

/** Approving the result: only the texts the person changed. */
export function approveResultDecision(
  content: readonly SamplingBlock[],
  edited: Record<number, string>,
): SamplingDecision {
  const texts: { block: number; text: string }[] = [];
  content.forEach((block, b) => {
    const original = blockText(block);
    const text = edited[b];
    if (original !== undefined && text !== undefined && text !== original)
      texts.push({ block: b, text });
  });
  return { action: 'approve-result', texts };
}
