import type { ModelSummary } from '../../../../shared/domain/modelSummary';
import { mapModelError } from '../mapModelError';
import { createOpenAiClient, type OpenAiConnection } from './createOpenAiClient';

/** Bounds a misbehaving server; OpenRouter lists a few hundred. */
const MAX_MODELS = 2_000;

/**
 * The models a Chat Completions server lists (`GET /models`), sorted by id. `created` is Unix
 * seconds where a server gives it. Failures are `AppError`s with `LLM_*` codes.
 */
export async function listOpenAiModels(
  connection: OpenAiConnection,
  signal?: AbortSignal,
): Promise<ModelSummary[]> {
  const models: ModelSummary[] = [];
  try {
    const client = createOpenAiClient(connection);
    for await (const model of client.models.list(signal ? { signal } : {})) {
      const created = typeof model.created === 'number' && model.created > 0 ? model.created : 0;
      models.push({
        id: model.id,
        displayName: model.id,
        createdAt: created ? new Date(created * 1000).toISOString() : '',
      });
      if (models.length >= MAX_MODELS) break;
    }
  } catch (error) {
    throw mapModelError(error, { provider: connection.label, baseURL: connection.baseURL });
  }
  return models.sort((a, b) => a.id.localeCompare(b.id));
}
