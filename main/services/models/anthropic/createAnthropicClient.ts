import Anthropic from '@anthropic-ai/sdk';
import { sharedModelFetch } from '../createModelFetch';
import { missingApiKeyError } from '../mapModelError';

/** Where and as whom to call the API; injected from settings by the composition root. */
export interface AnthropicConnection {
  /** `undefined` when the person has not set one: calls then fail with LLM_AUTH. */
  apiKey: string | undefined;
  /** e.g. `https://api.anthropic.com`, or a proxy, or the local fake in tests. */
  baseURL: string;
  /** How long to wait for response headers (the idle watchdog covers the stream after that). */
  requestTimeoutMs?: number;
  /** The provider's name in messages (default "Anthropic"). */
  label?: string;
}

/** Default wait for response headers. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/**
 * An SDK client with its own retries switched off: the loop retries itself so the person can
 * see each retry and its delay, and never after something has streamed.
 * Throws LLM_AUTH when there is no API key.
 */
export function createAnthropicClient(connection: AnthropicConnection): Anthropic {
  if (!connection.apiKey) throw missingApiKeyError(connection.label);
  return new Anthropic({
    apiKey: connection.apiKey,
    baseURL: connection.baseURL,
    maxRetries: 0,
    fetch: sharedModelFetch(),
    timeout: connection.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });
}
