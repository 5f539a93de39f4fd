import { join } from 'node:path';
import { normalizeModelRef } from '../../shared/domain/modelRef';
import type { Logger } from '../platform/Logger';
import { FileSecretStore } from '../platform/FileSecretStore';
import type { AppPaths } from '../platform/PlatformServices';
import { HostEvents } from '../services/base/HostEvents';
import {
  createInteractionServices,
  type InteractionServices,
} from '../services/interactions/createInteractionServices';
import type { HeadlessInteractionPolicy } from '../services/interactions/HeadlessInteractionPolicy';
import { createModelServices } from '../services/models/createModelServices';
import { SettingsService } from '../services/settings/SettingsService';

/**
 * Interaction answers for the single-server commands (`call` and friends), which run servers
 * without the whole host core: the headless policy decides, and sampling uses the providers,
 * keys and endpoints from settings (or the environment) like `chat` does.
 */
export async function createCliInteractions(input: {
  paths: AppPaths;
  env: Readonly<Record<string, string | undefined>>;
  policy: HeadlessInteractionPolicy;
  roots: readonly string[];
  log: Logger;
}): Promise<InteractionServices> {
  const secrets = new FileSecretStore(input.paths.secretsFile);
  const settings = new SettingsService({
    file: input.paths.settingsFile,
    secrets,
    events: new HostEvents(),
    env: input.env,
    log: input.log.child('settings'),
  });
  await settings.load();
  const { registry } = await createModelServices({
    file: join(input.paths.dataDir, 'providers.json'),
    secrets,
    settings,
    env: input.env,
    log: input.log.child('models'),
  });
  return createInteractionServices({
    dataDir: input.paths.dataDir,
    headless: { policy: input.policy, roots: input.roots },
    modelFor: (ref) => registry.resolve(ref),
    models: () => registry.refs(),
    defaultModel: () => normalizeModelRef(settings.snapshot().defaultModel),
    // Nobody is there to consent: URL requests are declined before this is ever reached.
    open: () => Promise.resolve(false),
    log: input.log.child('interactions'),
  });
}
