import type Anthropic from '@anthropic-ai/sdk';
import { APIError } from '@anthropic-ai/sdk';
import { Stream } from '@anthropic-ai/sdk/core/streaming';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { buildMessageParams } from './buildMessageParams';
import { createAnthropicClient, type AnthropicConnection } from './createAnthropicClient';
import { mapModelError } from './mapModelError';
import type { ModelClient, ModelRequest, ModelStreamEvent } from './ModelClient';

/**
 * {@link ModelClient} over the Anthropic SDK. One streamed `POST /v1/messages` per call, with
 * the SDK's retries off (the loop retries visibly). The SSE events are read raw rather than
 * through the SDK's iterator so pings reach the idle watchdog; `event: error` is turned into
 * the same `AppError` an HTTP error would be.
 */
export class AnthropicModel implements ModelClient {
  private client: Anthropic | undefined;

  constructor(private readonly connection: AnthropicConnection) {}

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    const context = { baseURL: this.connection.baseURL };
    let response: Response;
    try {
      this.client ??= createAnthropicClient(this.connection);
      response = await this.client.messages
        .create(buildMessageParams(request), { signal })
        .asResponse();
    } catch (error) {
      throw mapModelError(error, context);
    }
    try {
      for await (const sse of Stream.rawEvents(response)) {
        if (sse.event === 'ping') {
          yield { type: 'ping' };
        } else if (sse.event === 'error') {
          throw streamError(sse.data, response.headers);
        } else if (sse.event !== null && sse.data) {
          yield JSON.parse(sse.data) as RawMessageStreamEvent;
        }
      }
    } catch (error) {
      throw mapModelError(error, context);
    }
    // A consumer that stops early returns through the for-await above, which cancels the body.
  }
}

/** The SDK's own construction for an in-stream error, so classification matches HTTP errors. */
function streamError(data: string, headers: Headers): APIError {
  let body: unknown = data;
  try {
    body = JSON.parse(data);
  } catch {
    // Keep the raw text as the body; the message will show it.
  }
  const type = (body as { error?: { type?: unknown } } | null)?.error?.type;
  return new APIError(
    undefined,
    body as object,
    undefined,
    headers,
    typeof type === 'string' ? (type as APIError['type']) : null,
  );
}
