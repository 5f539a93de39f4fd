/**
 * A model is named across providers as `provider/model`, e.g. `deepseek/deepseek-chat` or
 * `openrouter/anthropic/claude-sonnet-4.5` (the model part may itself hold slashes). Provider ids
 * never contain a slash, so the first one separates them. A bare id without a slash is a Claude
 * model: that is how every value stored before providers existed reads.
 */
export interface ModelRef {
  /** The provider's id (`anthropic`, `deepseek`, `ollama`, `custom-2`, …). */
  provider: string;
  /** The model id as that provider spells it. */
  model: string;
}

/** The built-in provider: Claude through the Anthropic Messages API. */
export const ANTHROPIC_PROVIDER_ID = 'anthropic';

/** Reads `provider/model`; a value without a slash names a model of the built-in provider. */
export function parseModelRef(value: string): ModelRef {
  const text = value.trim();
  const slash = text.indexOf('/');
  if (slash <= 0) return { provider: ANTHROPIC_PROVIDER_ID, model: text };
  return { provider: text.slice(0, slash), model: text.slice(slash + 1) };
}

/** `provider/model`. */
export function formatModelRef(ref: ModelRef): string {
  return `${ref.provider}/${ref.model}`;
}

/** The same model named the one canonical way (`claude-x` → `anthropic/claude-x`). */
export function normalizeModelRef(value: string): string {
  return formatModelRef(parseModelRef(value));
}
