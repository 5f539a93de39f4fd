import type { ModelSummary } from '../../../../shared/domain/modelSummary';
import { mapModelError } from '../mapModelError';
import { createAnthropicClient, type AnthropicConnection } from './createAnthropicClient';

/** The API never lists more than a few dozen models; this only bounds a misbehaving server. */
const MAX_MODELS = 1_000;

/**
 * The models the API key can use (`GET /v1/models`, every page), newest first as the API
 * orders them. Failures are `AppError`s with `LLM_*` codes, LLM_AUTH for a missing or
 * rejected key.
 */
export async function listAnthropicModels(
  connection: AnthropicConnection,
  signal?: AbortSignal,
): Promise<ModelSummary[]> {
  const models: ModelSummary[] = [];
  try {
    const client = createAnthropicClient(connection);
    for await (const model of client.models.list({ limit: 100 }, signal ? { signal } : {})) {
      models.push({ id: model.id, displayName: model.display_name, createdAt: model.created_at });
      if (models.length >= MAX_MODELS) break;
    }
  } catch (error) {
    throw mapModelError(error, {
      provider: connection.label ?? 'Anthropic',
      baseURL: connection.baseURL,
    });
  }
  return models;
}
