import { DEFAULT_API_BASE_URL } from '../../shared/domain/settings';
import type { Logger } from '../platform/Logger';
import { FileSecretStore } from '../platform/FileSecretStore';
import type { AppPaths } from '../platform/PlatformServices';
import { AnthropicModel } from '../services/conversation/AnthropicModel';
import { ModelCatalog } from '../services/conversation/ModelCatalog';
import { HostEvents } from '../services/HostEvents';
import {
  createInteractionServices,
  type InteractionServices,
} from '../services/interactions/createInteractionServices';
import type { HeadlessInteractionPolicy } from '../services/interactions/HeadlessInteractionPolicy';
import { SettingsService } from '../services/settings/SettingsService';

/**
 * Interaction answers for the single-server commands (`call` and friends), which run servers
 * without the whole host core: the headless policy decides, and sampling uses the API key and
 * endpoint from settings (or the environment) like `chat` does.
 */
export async function createCliInteractions(input: {
  paths: AppPaths;
  env: Readonly<Record<string, string | undefined>>;
  policy: HeadlessInteractionPolicy;
  roots: readonly string[];
  log: Logger;
}): Promise<InteractionServices> {
  const settings = new SettingsService({
    file: input.paths.settingsFile,
    secrets: new FileSecretStore(input.paths.secretsFile),
    events: new HostEvents(),
    env: input.env,
    log: input.log.child('settings'),
  });
  await settings.load();
  const connection = async () => {
    const configured = settings.snapshot().apiBaseUrl;
    const baseURL =
      configured === DEFAULT_API_BASE_URL && input.env.ANTHROPIC_BASE_URL
        ? input.env.ANTHROPIC_BASE_URL
        : configured;
    return { apiKey: await settings.getApiKey(), baseURL };
  };
  const catalog = new ModelCatalog(connection);
  return createInteractionServices({
    dataDir: input.paths.dataDir,
    headless: { policy: input.policy, roots: input.roots },
    modelClient: async () => new AnthropicModel(await connection()),
    models: async () => (await catalog.list()).models.map((m) => m.id),
    defaultModel: () => settings.snapshot().defaultModel,
    // Nobody is there to consent: URL requests are declined before this is ever reached.
    open: () => Promise.resolve(false),
    log: input.log.child('interactions'),
  });
}
