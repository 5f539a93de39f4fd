import { z } from 'zod';
import { ANTHROPIC_PROVIDER_ID } from '../../../shared/domain/modelRef';
import { hostMessages } from '../../../shared/text/hostMessages';
import { hostText } from '../../../shared/text/hostText';
import {
  isLocalBaseUrl,
  providerConfigSchema,
  providerPreset,
  type ProviderAdd,
  type ProviderConfig,
  type ProviderKeySource,
  type ProviderPatch,
  type ProviderPresetId,
  type ProviderView,
} from '../../../shared/domain/providers';
import { DEFAULT_API_BASE_URL } from '../../../shared/domain/settings';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { Logger } from '../../platform/Logger';
import type { SecretStore } from '../../platform/PlatformServices';
import { JsonDocumentFile } from '../base/JsonDocumentFile';
import { Emitter } from '../base/Emitter';
import type { SettingsService } from '../settings/SettingsService';

/** The provider the environment alone defines (`OPENAI_API_KEY`, `OPENAI_BASE_URL`). */
export const ENV_PROVIDER_ID = 'openai';

const fileSchema = z.object({ version: z.literal(1), providers: z.array(providerConfigSchema) });
type ProvidersFile = z.infer<typeof fileSchema>;

/** A provider with what main needs to call it; only main ever holds one. */
export interface ResolvedProvider {
  view: ProviderView;
  apiKey: string | undefined;
  /** A remote server without a key fails with LLM_AUTH before any request. */
  needsKey: boolean;
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
}

export interface ProvidersServiceOptions {
  /** providers.json; without one (headless runs) added providers live in memory. */
  file?: string;
  secrets: SecretStore;
  /** The built-in Claude provider's URL and key are the app's API settings. */
  settings: SettingsService;
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
}

const keyName = (id: string): string => `provider:${id}:apiKey`;

/**
 * The model providers: the built-in Claude one (URL and key from settings), an `openai` one
 * when the environment defines it, and those the person added from presets (providers.json,
 * keys in the secret store under `provider:<id>:apiKey`). Keys are read once at load and kept
 * in step by this service, their only writer; they never leave main. A key is bound to the
 * origin it was saved for: once the base URL points elsewhere it is not sent (the person enters
 * it again), so a changed URL cannot carry a stored key to another server.
 */
export class ProvidersService {
  private added: ProviderConfig[] = [];
  private readonly keys = new Map<string, StoredKey>();
  private envResolved:
    | { apiKey: string | undefined; baseURL: string | undefined; provider: ResolvedProvider }
    | undefined;
  private readonly addedResolved = new WeakMap<
    ProviderConfig,
    { saved: StoredKey | undefined; envKey: string | undefined; provider: ResolvedProvider }
  >();
  private readonly file: JsonDocumentFile<ProvidersFile> | undefined;
  private readonly changed = new Emitter<ProviderView[]>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: ProvidersServiceOptions) {
    this.file = options.file
      ? new JsonDocumentFile(
          options.file,
          fileSchema,
          () => ({ version: 1, providers: [] }),
          options.log,
        )
      : undefined;
  }

  async load(): Promise<void> {
    if (this.file) this.added = (await this.file.read()).providers;
    const keys = await Promise.all(this.added.map((p) => this.options.secrets.get(keyName(p.id))));
    this.added.forEach((provider, index) => {
      const stored = readStoredKey(keys[index]);
      if (stored) this.keys.set(provider.id, stored);
    });
  }

  list(): ProviderView[] {
    return this.all().map((provider) => provider.view);
  }

  /** The provider `id`, with its key; NOT_FOUND names the ones there are. */
  resolve(id: string): ResolvedProvider {
    const found = this.find(id);
    if (found) return found;
    const known = this.list()
      .map((p) => p.id)
      .join(', ');
    throw new AppError(AppErrorCode.NotFound, hostText('model.noProvider', { id, known }));
  }

  /**
   * Adds a provider from a preset with the person's name, URL and key. The key is stored first
   * and taken back if the provider cannot be saved, so no half-added provider remains.
   */
  async add(input: ProviderAdd): Promise<ProviderView> {
    const config = this.configFor(input, this.freeId(input.preset));
    if (!input.apiKey) {
      await this.save([...this.added, config]);
      return this.resolve(config.id).view;
    }
    const stored = { key: input.apiKey, origin: originOf(config.baseURL) };
    await this.options.secrets.set(keyName(config.id), JSON.stringify(stored));
    this.keys.set(config.id, stored);
    try {
      await this.save([...this.added, config]);
    } catch (error) {
      this.keys.delete(config.id);
      await this.options.secrets.delete(keyName(config.id)).catch(() => undefined);
      throw error;
    }
    this.options.log.info('provider key stored', {
      provider: config.id,
      store: this.options.secrets.kind,
    });
    return this.resolve(config.id).view;
  }

  /**
   * A provider as {@link add} would make it, with the key typed in (never a stored one), saved
   * nowhere: what "Test" asks before the person decides to add it.
   */
  draft(input: ProviderAdd): ResolvedProvider {
    const config = this.configFor(input, this.freeId(input.preset));
    const needsKey = !isLocalBaseUrl(config.baseURL);
    return {
      view: {
        ...config,
        origin: 'added',
        keySource: input.apiKey ? 'secret-store' : needsKey ? 'none' : 'not-needed',
      },
      apiKey: input.apiKey,
      needsKey,
      maxTokensField: providerPreset(config.preset).maxTokensField,
    };
  }

  /** The preset's id, or `<preset>-2`, `-3`… when taken. */
  private freeId(presetId: ProviderPresetId): string {
    // The environment's `openai` gives way to an added one of that id (see `all`).
    const taken = new Set([ANTHROPIC_PROVIDER_ID, ...this.added.map((p) => p.id)]);
    let id: string = presetId;
    for (let n = 2; taken.has(id); n++) id = `${presetId}-${n}`;
    return id;
  }

  private configFor(input: ProviderAdd, id: string): ProviderConfig {
    const preset = providerPreset(input.preset);
    return providerConfigSchema.parse({
      id,
      preset: preset.id,
      kind: preset.kind,
      name:
        input.name ??
        (id === preset.id ? preset.name : `${preset.name} ${id.slice(preset.id.length + 1)}`),
      baseURL: input.baseURL ?? preset.baseURL,
      models: [],
      images: preset.images,
    });
  }

  async update(id: string, patch: ProviderPatch): Promise<ProviderView> {
    const current = this.resolve(id).view;
    if (current.origin === 'built-in') {
      if (patch.name !== undefined || patch.models !== undefined || patch.images !== undefined) {
        throw readOnly(current, 'baseUrlOnly');
      }
      if (patch.baseURL !== undefined) {
        await this.options.settings.update({ apiBaseUrl: patch.baseURL });
        this.fire();
      }
      return this.resolve(id).view;
    }
    if (current.origin === 'environment') throw readOnly(current, 'environment');
    const next = providerConfigSchema.parse({ ...this.config(id), ...patch });
    await this.save(this.added.map((p) => (p.id === id ? next : p)));
    return this.resolve(id).view;
  }

  async remove(id: string): Promise<void> {
    const current = this.resolve(id).view;
    if (current.origin !== 'added') throw readOnly(current, 'notRemovable');
    await this.options.secrets.delete(keyName(id));
    this.keys.delete(id);
    await this.save(this.added.filter((p) => p.id !== id));
  }

  async setApiKey(id: string, apiKey: string): Promise<ProviderView> {
    const current = this.resolve(id).view;
    if (current.origin === 'built-in') {
      await this.options.settings.setApiKey(apiKey);
      this.fire();
    } else {
      if (current.origin === 'environment') throw readOnly(current, 'envKey');
      const stored = { key: apiKey, origin: originOf(current.baseURL) };
      await this.options.secrets.set(keyName(id), JSON.stringify(stored));
      this.keys.set(id, stored);
      this.options.log.info('provider key stored', {
        provider: id,
        store: this.options.secrets.kind,
      });
      this.fire();
    }
    return this.resolve(id).view;
  }

  async clearApiKey(id: string): Promise<ProviderView> {
    const current = this.resolve(id).view;
    if (current.origin === 'built-in') {
      await this.options.settings.clearApiKey();
      this.fire();
    } else {
      await this.options.secrets.delete(keyName(id));
      this.keys.delete(id);
      this.fire();
    }
    return this.resolve(id).view;
  }

  /** The one provider `id` names, as `all` would list it (built only that one: every turn asks). */
  private find(id: string): ResolvedProvider | undefined {
    if (id === ANTHROPIC_PROVIDER_ID) return this.builtIn();
    const added = this.added.find((config) => config.id === id);
    if (added) return this.resolveAdded(added);
    return id === ENV_PROVIDER_ID ? this.fromEnvironment() : undefined;
  }

  private all(): ResolvedProvider[] {
    const out = [this.builtIn()];
    const env = this.fromEnvironment();
    if (env && !this.added.some((p) => p.id === ENV_PROVIDER_ID)) out.push(env);
    for (const config of this.added) out.push(this.resolveAdded(config));
    return out;
  }

  private builtIn(): ResolvedProvider {
    const { settings, env } = this.options;
    const snapshot = settings.snapshot();
    // ANTHROPIC_BASE_URL applies while the setting is left at its default.
    const baseURL =
      snapshot.apiBaseUrl === DEFAULT_API_BASE_URL && env.ANTHROPIC_BASE_URL
        ? env.ANTHROPIC_BASE_URL
        : snapshot.apiBaseUrl;
    return {
      view: {
        id: ANTHROPIC_PROVIDER_ID,
        preset: 'anthropic',
        kind: 'anthropic',
        name: 'Anthropic',
        baseURL,
        models: [],
        images: true,
        origin: 'built-in',
        keySource: snapshot.apiKeySource,
      },
      apiKey: settings.currentApiKey(),
      needsKey: true,
      maxTokensField: 'max_tokens',
    };
  }

  private fromEnvironment(): ResolvedProvider | undefined {
    const { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: baseURL } = this.options.env;
    if (!apiKey && !baseURL) return undefined;
    // Every turn resolves its provider: the URLs are parsed once per value, not every time.
    const kept = this.envResolved;
    if (kept && kept.apiKey === apiKey && kept.baseURL === baseURL) return kept.provider;
    const provider = this.environmentProvider(apiKey, baseURL);
    this.envResolved = { apiKey, baseURL, provider };
    return provider;
  }

  private environmentProvider(
    apiKey: string | undefined,
    baseURL: string | undefined,
  ): ResolvedProvider {
    const preset = providerPreset('openai');
    const url = baseURL || preset.baseURL;
    const needsKey = !isLocalBaseUrl(url);
    return {
      view: {
        id: ENV_PROVIDER_ID,
        preset: 'openai',
        kind: 'openai-compatible',
        name: baseURL ? `OpenAI-compatible (${hostOf(url)})` : preset.name,
        baseURL: url,
        models: [],
        images: preset.images,
        origin: 'environment',
        keySource: apiKey ? 'environment' : needsKey ? 'none' : 'not-needed',
      },
      apiKey,
      needsKey,
      maxTokensField: baseURL ? 'max_tokens' : preset.maxTokensField,
    };
  }

  private resolveAdded(config: ProviderConfig): ResolvedProvider {
    const saved = this.keys.get(config.id);
    const envKey = config.id === ENV_PROVIDER_ID ? this.options.env.OPENAI_API_KEY : undefined;
    // Configs are replaced, never changed: one resolution per config, key and env key.
    const kept = this.addedResolved.get(config);
    if (kept && kept.saved === saved && kept.envKey === envKey) return kept.provider;
    const provider = this.resolveAddedNow(config, saved, envKey);
    this.addedResolved.set(config, { saved, envKey, provider });
    return provider;
  }

  private resolveAddedNow(
    config: ProviderConfig,
    saved: StoredKey | undefined,
    envKey: string | undefined,
  ): ResolvedProvider {
    const stored = saved?.origin === originOf(config.baseURL) ? saved.key : undefined;
    // An added `openai` provider may take its key from the environment, as the SDK would.
    const apiKey = stored ?? envKey;
    const needsKey = !isLocalBaseUrl(config.baseURL);
    const keySource: ProviderKeySource = stored
      ? 'secret-store'
      : envKey
        ? 'environment'
        : saved
          ? 'other-origin'
          : needsKey
            ? 'none'
            : 'not-needed';
    return {
      view: { ...config, origin: 'added', keySource },
      apiKey,
      needsKey,
      maxTokensField: providerPreset(config.preset).maxTokensField,
    };
  }

  private config(id: string): ProviderConfig {
    const config = this.added.find((p) => p.id === id);
    if (!config)
      throw new AppError(AppErrorCode.NotFound, hostText('model.noProviderBare', { id }));
    return config;
  }

  private async save(next: ProviderConfig[]): Promise<void> {
    await this.file?.write({ version: 1, providers: next });
    this.added = next;
    this.fire();
  }

  private fire(): void {
    this.changed.fire(this.list());
  }
}

/** A stored key and the origin it was saved for. */
interface StoredKey {
  key: string;
  origin: string;
}

function readStoredKey(value: string | undefined): StoredKey | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<StoredKey>;
    if (typeof parsed.key === 'string' && typeof parsed.origin === 'string') {
      return { key: parsed.key, origin: parsed.origin };
    }
  } catch {
    // Not ours: treated as no key.
  }
  return undefined;
}

/** `https://api.deepseek.com` of `https://api.deepseek.com/v1/`; the text itself if unparsable. */
function originOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.exec(url.trim())?.[0].toLowerCase() ?? url;
}

function readOnly(
  provider: ProviderView,
  why: keyof typeof hostMessages.model.readOnlyWhy,
): AppError {
  return new AppError(
    AppErrorCode.Validation,
    hostText('model.readOnly', { name: provider.name, why: hostText(`model.readOnlyWhy.${why}`) }),
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
