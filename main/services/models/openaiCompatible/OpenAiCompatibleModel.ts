import type OpenAI from 'openai';
import type { Stream } from 'openai/core/streaming';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { WireBody } from '../HistoryWireCache';
import { mapModelError } from '../mapModelError';
import type { ModelClient, ModelRequest, ModelStreamEvent } from '../ModelClient';
import { ToolNameMap } from '../ToolNameMap';
import { ChunkTranslator } from './ChunkTranslator';
import { createOpenAiClient, type OpenAiConnection } from './createOpenAiClient';
import { toChatBody, type ChatRequestOptions } from './toChatBody';

/** The SDK sends a body of bytes or a Blob as it is; this says what it is. */
const JSON_BODY = { 'content-type': 'application/json' };

/**
 * {@link ModelClient} over the `openai` SDK for any Chat Completions server: one streamed
 * `POST /chat/completions` per call with usage requested, the SDK's retries off. Chunks become
 * the neutral block events (see {@link ChunkTranslator}); the message is complete only when the
 * server said how it finished, so a cut stream keeps its text as partial.
 */
export class OpenAiCompatibleModel implements ModelClient {
  readonly label: string;
  private client: OpenAI | undefined;

  constructor(
    private readonly connection: OpenAiConnection,
    private readonly wire: Omit<ChatRequestOptions, 'provider'>,
  ) {
    this.label = connection.label;
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    const context = { provider: this.label, baseURL: this.connection.baseURL };
    const names = new ToolNameMap(request.tools.map((tool) => tool.modelName));
    const translator = new ChunkTranslator(names);
    let body: WireBody;
    try {
      body = toChatBody(request, names, { ...this.wire, provider: this.label });
      this.client ??= createOpenAiClient(this.connection);
    } catch (error) {
      throw mapModelError(error, context);
    }
    try {
      // `chat.completions.create`'s own route; the body is JSON, bytes or a Blob (see toChatBody).
      const stream = await this.client.post<Stream<ChatCompletionChunk>>('/chat/completions', {
        body,
        headers: JSON_BODY,
        stream: true,
        signal,
      });
      for await (const chunk of stream) yield* translator.push(chunk);
    } catch (error) {
      throw mapModelError(error, context);
    }
    // The SDK ends quietly on an aborted body too; the caller sees the signal.
    if (!signal.aborted) yield* translator.finish();
  }
}
