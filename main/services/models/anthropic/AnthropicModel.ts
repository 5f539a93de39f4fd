import type Anthropic from '@anthropic-ai/sdk';
import { APIError } from '@anthropic-ai/sdk';
import { Stream } from '@anthropic-ai/sdk/core/streaming';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { mapModelError } from '../mapModelError';
import type { ModelClient, ModelRequest, ModelStreamEvent } from '../ModelClient';
import { ToolNameMap } from '../ToolNameMap';
import { buildMessageBody } from './buildMessageBody';
import { createAnthropicClient, type AnthropicConnection } from './createAnthropicClient';
import { fromAnthropicEvent } from './fromAnthropicEvent';
import { hasApiToolSearch } from './hasApiToolSearch';

/** The SDK sends a body of bytes or a Blob as it is; this says what it is. */
const JSON_BODY = { 'content-type': 'application/json' };

/**
 * {@link ModelClient} over the Anthropic SDK. One streamed `POST /v1/messages` per call, with
 * the SDK's retries off (the loop retries visibly). The SSE events are read raw rather than
 * through the SDK's iterator so pings reach the idle watchdog; `event: error` is turned into
 * the same `AppError` an HTTP error would be.
 */
export class AnthropicModel implements ModelClient {
  readonly label: string;
  private client: Anthropic | undefined;

  constructor(private readonly connection: AnthropicConnection) {
    this.label = connection.label ?? 'Anthropic';
  }

  supportsToolSearch(model: string): boolean {
    return hasApiToolSearch(model);
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    const context = { provider: this.label, baseURL: this.connection.baseURL };
    const names = new ToolNameMap(request.tools.map((tool) => tool.modelName));
    let response: Response;
    try {
      this.client ??= createAnthropicClient(this.connection);
      // `messages.create`'s own route; the body is JSON, bytes or a Blob (see buildMessageBody).
      response = await this.client
        .post('/v1/messages', {
          body: buildMessageBody(request, names),
          headers: JSON_BODY,
          stream: true,
          signal,
        })
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
          const event = fromAnthropicEvent(JSON.parse(sse.data) as RawMessageStreamEvent);
          if (event?.type === 'blockStart' && event.block.type === 'toolUse') {
            event.block.name = names.original(event.block.name);
          }
          if (event?.type === 'blockStart' && event.block.type === 'toolSearchResult') {
            const content = event.block.block.content;
            if (content.type === 'tool_search_tool_search_result') {
              for (const ref of content.tool_references)
                ref.tool_name = names.original(ref.tool_name);
            }
          }
          if (event) yield event;
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
