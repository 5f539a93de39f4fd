import { join } from 'node:path';
import { FileSecretStore } from '../../../platform/FileSecretStore';
import { createLogger, type Logger } from '../../../platform/Logger';
import { HostEvents } from '../../base/HostEvents';
import { SettingsService } from '../../settings/SettingsService';

/** A loaded SettingsService on `dir` (settings.json, secrets.json) with `env`, logging nothing. */
export async function settingsIn(
  dir: string,
  env: Record<string, string>,
): Promise<{ settings: SettingsService; secrets: FileSecretStore; log: Logger }> {
  const log = createLogger({ consoleLevel: 'silent' });
  const secrets = new FileSecretStore(join(dir, 'secrets.json'));
  const settings = new SettingsService({
    file: join(dir, 'settings.json'),
    secrets,
    events: new HostEvents(),
    env,
    log,
  });
  await settings.load();
  return { settings, secrets, log };
}
