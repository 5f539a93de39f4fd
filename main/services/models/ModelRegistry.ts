import { turnError } from '../../../shared/domain/conversationEvents';
import { formatModelRef, parseModelRef } from '../../../shared/domain/modelRef';
import type { ModelSummary } from '../../../shared/domain/modelSummary';
import {
  providerPreset,
  type ModelGroup,
  type ProviderTestResult,
} from '../../../shared/domain/providers';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import { AnthropicModel } from './anthropic/AnthropicModel';
import type { AnthropicConnection } from './anthropic/createAnthropicClient';
import { listAnthropicModels } from './anthropic/listAnthropicModels';
import { ModelCatalog, type ModelListSource } from './ModelCatalog';
import type { ModelClient } from './ModelClient';
import type { OpenAiConnection } from './openaiCompatible/createOpenAiClient';
import { listOpenAiModels } from './openaiCompatible/listOpenAiModels';
import { OpenAiCompatibleModel } from './openaiCompatible/OpenAiCompatibleModel';
import type { ProvidersService, ResolvedProvider } from './ProvidersService';

export interface ModelRegistryOptions {
  providers: ProvidersService;
  /** Tests and benchmarks may swap the clients. */
  createModel?: (provider: ResolvedProvider) => ModelClient;
  /** How long a provider's model list may take before it counts as failed. */
  listTimeoutMs?: number;
}

/** The context window of Claude models when the Models API does not state one. */
const CLAUDE_MIN_CONTEXT_WINDOW = 200_000;

/** A model ref resolved: the client of its provider and the id that provider knows. */
export interface ResolvedModel {
  client: ModelClient;
  /** The provider's own model id. */
  model: string;
  provider: string;
}

/**
 * Model clients and model lists for every provider. A client is kept while its provider's
 * connection stays the same (building an SDK client costs time to first token); lists are
 * cached per provider and merged with the models typed in by the person.
 */
export class ModelRegistry {
  private readonly clients = new Map<string, { key: string; client: ModelClient }>();
  private readonly catalog: ModelCatalog;

  constructor(private readonly options: ModelRegistryOptions) {
    this.catalog = new ModelCatalog(options.listTimeoutMs);
  }

  /** The client and model id for `provider/model`; NOT_FOUND for a provider there is not. */
  resolve(ref: string): ResolvedModel {
    const { provider, model } = parseModelRef(ref);
    if (!model)
      throw new AppError(AppErrorCode.Validation, hostText('model.namesNoModel', { ref }));
    return { client: this.client(provider), model, provider };
  }

  /** The client of one provider. */
  client(providerId: string): ModelClient {
    const provider = this.options.providers.resolve(providerId);
    if (this.options.createModel) return this.options.createModel(provider);
    const key = connectionKey(provider);
    const kept = this.clients.get(providerId);
    if (kept?.key === key) return kept.client;
    const client =
      provider.view.kind === 'anthropic'
        ? new AnthropicModel(anthropicConnection(provider))
        : new OpenAiCompatibleModel(openAiConnection(provider), {
            images: provider.view.images,
            maxTokensField: provider.maxTokensField,
          });
    this.clients.set(providerId, { key, client });
    return client;
  }

  /** Every provider's models for the pickers, in the providers' order, each with its failure. */
  async groups(refresh = false): Promise<ModelGroup[]> {
    const providers = this.options.providers.list();
    return Promise.all(
      providers.map(async (view): Promise<ModelGroup> => {
        const provider = this.options.providers.resolve(view.id);
        const { models, error, errorText } = await this.catalog.list(
          view.id,
          listSource(provider),
          refresh,
        );
        return {
          provider: { id: view.id, name: view.name },
          models: merged(provider, models, error !== undefined),
          ...(error !== undefined ? { error } : {}),
          ...(errorText !== undefined ? { errorText } : {}),
        };
      }),
    );
  }

  /**
   * The model's context window in tokens, when its provider's list says (cached lists only
   * make this cheap; a failed list knows none).
   */
  async contextWindow(ref: string): Promise<number | undefined> {
    try {
      const { provider } = parseModelRef(ref);
      const group = (await this.groups()).find((g) => g.provider.id === provider);
      const listed = group?.models.find((m) => m.id === ref)?.contextWindow;
      if (listed !== undefined) return listed;
      // Every Claude model takes at least this much; its list says when it takes more.
      const kind = this.options.providers.resolve(provider).view.kind;
      return kind === 'anthropic' ? CLAUDE_MIN_CONTEXT_WINDOW : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every model ref the pickers offer. */
  async refs(): Promise<string[]> {
    return (await this.groups()).flatMap((group) => group.models.map((m) => m.id));
  }

  /** "Test connection": the provider's model list, asked now, with how long it took. */
  async test(providerId: string): Promise<ProviderTestResult> {
    const source = listSource(this.options.providers.resolve(providerId));
    const started = performance.now();
    try {
      const models = await source.list(AbortSignal.timeout(this.options.listTimeoutMs ?? 15_000));
      return { ok: true, models: models.length, ms: Math.round(performance.now() - started) };
    } catch (error) {
      const appError = AppError.from(error);
      return { ok: false, error: turnError(appError) };
    }
  }
}

function anthropicConnection(provider: ResolvedProvider): AnthropicConnection {
  return { apiKey: provider.apiKey, baseURL: provider.view.baseURL, label: provider.view.name };
}

function openAiConnection(provider: ResolvedProvider): OpenAiConnection {
  return {
    label: provider.view.name,
    baseURL: provider.view.baseURL,
    apiKey: provider.apiKey,
    needsKey: provider.needsKey,
  };
}

function connectionKey(provider: ResolvedProvider): string {
  const { view } = provider;
  return JSON.stringify([view.kind, view.name, view.baseURL, view.images, provider.apiKey ?? '']);
}

function listSource(provider: ResolvedProvider): ModelListSource {
  return {
    key: connectionKey(provider),
    list: (signal) =>
      provider.view.kind === 'anthropic'
        ? listAnthropicModels(anthropicConnection(provider), signal)
        : listOpenAiModels(openAiConnection(provider), signal),
  };
}

/**
 * The listed models as refs, then those typed in by the person; when the list could not be had,
 * the preset's known models stand in so the picker is never empty.
 */
function merged(
  provider: ResolvedProvider,
  listed: ModelSummary[],
  failed: boolean,
): ModelSummary[] {
  const { view } = provider;
  const out = listed.map((m) => ({ ...m, id: formatModelRef({ provider: view.id, model: m.id }) }));
  const seen = new Set(listed.map((m) => m.id));
  const extra = [...view.models, ...(failed ? providerPreset(view.preset).suggestedModels : [])];
  for (const id of extra) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      id: formatModelRef({ provider: view.id, model: id }),
      displayName: id,
      createdAt: '',
    });
  }
  return out;
}
