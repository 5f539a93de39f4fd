import OpenAI from 'openai';
import { sharedModelFetch } from '../createModelFetch';
import { missingApiKeyError } from '../mapModelError';

/** Where and as whom to call a Chat Completions server. */
export interface OpenAiConnection {
  /** Who it is, for messages ("DeepSeek"). */
  label: string;
  /** e.g. `https://api.deepseek.com`, `http://127.0.0.1:11434/v1`. */
  baseURL: string;
  apiKey: string | undefined;
  /** Local servers (Ollama, LM Studio) take no key. */
  needsKey: boolean;
  /** How long to wait for response headers (the idle watchdog covers the stream after that). */
  requestTimeoutMs?: number;
}

/** Default wait for response headers. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/**
 * An `openai` SDK client for one provider, retries off (the loop retries visibly). Everything
 * is passed explicitly, so the SDK's own environment fallbacks (`OPENAI_API_KEY`, organization,
 * project) never reach a provider they were not meant for. Throws LLM_AUTH when a key is
 * needed and missing.
 */
export function createOpenAiClient(connection: OpenAiConnection): OpenAI {
  if (connection.needsKey && !connection.apiKey) throw missingApiKeyError(connection.label);
  return new OpenAI({
    // A local server ignores the key, but the SDK insists on having one.
    apiKey: connection.apiKey || 'not-needed',
    baseURL: connection.baseURL,
    organization: null,
    project: null,
    maxRetries: 0,
    fetch: sharedModelFetch(),
    timeout: connection.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });
}
