import type { RequestHandlers } from '../../shared/ipc/contract';
import type { Logger } from '../platform/Logger';
import type { PlatformServices } from '../platform/PlatformServices';
import { ImportCoordinator } from './config/ImportCoordinator';
import { ServersFileService } from './config/ServersFileService';
import { HostEvents } from './HostEvents';
import { createMcpHandlers } from './mcp/createMcpHandlers';
import { McpService, toConfigDocument } from './mcp/McpService';
import { SettingsService } from './settings/SettingsService';

/** The Electron-free host: services wired together, plus the contract's handler map. */
export interface HostCore {
  handlers: RequestHandlers;
  events: HostEvents;
  settings: SettingsService;
  mcp: McpService;
  /** Resolves when the servers file is loaded and servers are starting. */
  ready: Promise<void>;
  dispose(): Promise<void>;
}

export interface HostCoreOptions {
  /** Skip the login shell when building server environments (tests). */
  useLoginShell?: boolean;
}

export async function createHostCore(
  platform: PlatformServices,
  log: Logger,
  options: HostCoreOptions = {},
): Promise<HostCore> {
  const events = new HostEvents();
  const settings = new SettingsService({
    file: platform.paths.settingsFile,
    secrets: platform.secrets,
    events,
    env: platform.env,
    log: log.child('settings'),
  });
  await settings.load();

  const files = new ServersFileService({
    file: platform.paths.serversFile,
    env: platform.env,
    log: log.child('config'),
  });
  const mcp = new McpService({
    dataDir: platform.paths.dataDir,
    logsDir: platform.paths.logsDir,
    files,
    events,
    log: log.child('mcp'),
    env: platform.env,
    ...(options.useLoginShell !== undefined ? { useLoginShell: options.useLoginShell } : {}),
  });
  const imports = new ImportCoordinator(files);
  // Servers never block the first frame: the window bootstraps while they start.
  const ready = mcp
    .start()
    .catch((error: unknown) => log.error('servers failed to start', { error }));

  const handlers: RequestHandlers = {
    'app.bootstrap': () => ({
      version: platform.version,
      platform: process.platform,
      shell: platform.shell,
      settings: settings.snapshot(),
      servers: mcp.servers(),
    }),
    'settings.get': () => settings.snapshot(),
    'settings.update': (patch) => settings.update(patch),
    'settings.setApiKey': ({ apiKey }) => settings.setApiKey(apiKey),
    'settings.clearApiKey': () => settings.clearApiKey(),
    ...createMcpHandlers(mcp),
    'config.get': () => mcp.configDocument(),
    'config.save': async ({ text }) => {
      const result = await files.saveText(text);
      if (result.saved) return { saved: true, document: toConfigDocument(result.state) };
      // Not written: hand back the person's text with its problems, so nothing is lost.
      const problems = toConfigDocument({
        ...result.state,
        errors: result.errors,
        warnings: [],
      }).problems;
      return { saved: false, document: { ...toConfigDocument(result.state), text, problems } };
    },
    'config.listImports': async () => ({ sources: await imports.list() }),
    'config.applyImport': async (request) => toConfigDocument(await imports.apply(request)),
  };

  return {
    handlers,
    events,
    settings,
    mcp,
    ready,
    dispose: async () => {
      await ready;
      await mcp.dispose();
    },
  };
}
