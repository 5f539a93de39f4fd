import type { RequestHandlers } from '../../shared/ipc/contract';
import type { Logger } from '../platform/Logger';
import type { PlatformServices } from '../platform/PlatformServices';
import { HostEvents } from './HostEvents';
import { SettingsService } from './settings/SettingsService';

/** The Electron-free host: services wired together, plus the contract's handler map. */
export interface HostCore {
  handlers: RequestHandlers;
  events: HostEvents;
  settings: SettingsService;
  dispose(): Promise<void>;
}

export async function createHostCore(platform: PlatformServices, log: Logger): Promise<HostCore> {
  const events = new HostEvents();
  const settings = new SettingsService({
    file: platform.paths.settingsFile,
    secrets: platform.secrets,
    events,
    env: platform.env,
    log: log.child('settings'),
  });
  await settings.load();

  const handlers: RequestHandlers = {
    'app.bootstrap': () => ({
      version: platform.version,
      platform: process.platform,
      shell: platform.shell,
      settings: settings.snapshot(),
    }),
    'settings.get': () => settings.snapshot(),
    'settings.update': (patch) => settings.update(patch),
    'settings.setApiKey': ({ apiKey }) => settings.setApiKey(apiKey),
    'settings.clearApiKey': () => settings.clearApiKey(),
  };

  return {
    handlers,
    events,
    settings,
    dispose: async () => {},
  };
}
