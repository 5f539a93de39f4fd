import type { ModelSummary } from '../../../shared/domain/modelSummary';
import { DEFAULT_MODEL } from '../../../shared/domain/settings';
import { AppError } from '../../../shared/errors';
import { listModels } from './listModels';
import type { AnthropicConnection } from './createAnthropicClient';

const TTL_MS = 10 * 60_000;

/** The API's model list, cached; a built-in fallback (with the reason) when it cannot be had. */
export class ModelCatalog {
  private cached: { at: number; key: string; models: ModelSummary[] } | undefined;

  constructor(private readonly connection: () => Promise<AnthropicConnection>) {}

  async list(refresh = false): Promise<{ models: ModelSummary[]; error?: string }> {
    const connection = await this.connection();
    const key = `${connection.baseURL}\n${connection.apiKey ?? ''}`;
    if (
      !refresh &&
      this.cached &&
      this.cached.key === key &&
      Date.now() - this.cached.at < TTL_MS
    ) {
      return { models: this.cached.models };
    }
    if (!connection.apiKey)
      return { models: fallback(), error: 'No API key is set (Settings → API key).' };
    try {
      const models = await listModels(connection);
      this.cached = { at: Date.now(), key, models };
      return { models };
    } catch (error) {
      return { models: fallback(), error: AppError.from(error).message };
    }
  }
}

function fallback(): ModelSummary[] {
  return [{ id: DEFAULT_MODEL, displayName: DEFAULT_MODEL, createdAt: '' }];
}
