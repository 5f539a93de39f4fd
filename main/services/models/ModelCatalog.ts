import type { ModelSummary } from '../../../shared/domain/modelSummary';
import { AppError } from '../../../shared/errors';
import type { HostText } from '../../../shared/text/hostText';

const TTL_MS = 10 * 60_000;

/** One provider's model list: what to ask, and what identifies the answer for the cache. */
export interface ModelListSource {
  /** Changes when the URL or key does; a changed key is asked again. */
  key: string;
  list: (signal: AbortSignal) => Promise<ModelSummary[]>;
}

/** Lists of models per provider, cached for ten minutes, each failure kept with its reason. */
export class ModelCatalog {
  private readonly cached = new Map<string, { at: number; key: string; models: ModelSummary[] }>();

  constructor(private readonly timeoutMs = 15_000) {}

  /** The provider's list, or the reason it could not be had (then `models` is empty). */
  async list(
    providerId: string,
    source: ModelListSource,
    refresh = false,
  ): Promise<{ models: ModelSummary[]; error?: string; errorText?: HostText }> {
    const hit = this.cached.get(providerId);
    if (!refresh && hit && hit.key === source.key && Date.now() - hit.at < TTL_MS) {
      return { models: hit.models };
    }
    // A provider that does not answer must not hold up every picker for two minutes.
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const models = await source.list(signal);
      this.cached.set(providerId, { at: Date.now(), key: source.key, models });
      return { models };
    } catch (error) {
      const failure = AppError.from(error);
      return {
        models: [],
        error: failure.message,
        ...(failure.text ? { errorText: failure.text } : {}),
      };
    }
  }
}
