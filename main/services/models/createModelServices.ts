import type { Logger } from '../../platform/Logger';
import type { SecretStore } from '../../platform/PlatformServices';
import type { SettingsService } from '../settings/SettingsService';
import type { ModelClient } from './ModelClient';
import { ModelRegistry } from './ModelRegistry';
import { ProvidersService, type ResolvedProvider } from './ProvidersService';

/** The providers and the clients over them. */
export interface ModelServices {
  providers: ProvidersService;
  registry: ModelRegistry;
}

/** Loads the providers (providers.json, their keys) and builds the registry over them. */
export async function createModelServices(options: {
  /** providers.json; absent = in memory. */
  file?: string;
  secrets: SecretStore;
  settings: SettingsService;
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
  createModel?: (provider: ResolvedProvider) => ModelClient;
}): Promise<ModelServices> {
  const providers = new ProvidersService({
    ...(options.file ? { file: options.file } : {}),
    secrets: options.secrets,
    settings: options.settings,
    env: options.env,
    log: options.log,
  });
  await providers.load();
  const registry = new ModelRegistry({
    providers,
    ...(options.createModel ? { createModel: options.createModel } : {}),
  });
  return { providers, registry };
}
