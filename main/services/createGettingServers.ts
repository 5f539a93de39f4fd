import type { RequestHandlers } from '../../shared/ipc/contract';
import type { gettingServersRequestNames } from '../../shared/ipc/gettingServersNames';
import { AppError, AppErrorCode } from '../../shared/errors';
import type { PlatformServices } from '../platform/PlatformServices';
import { BundleService } from './bundles/BundleService';
import type { ImportCoordinator } from './config/ImportCoordinator';
import type { ServersFileService } from './config/ServersFileService';
import type { McpService } from './mcp/McpService';
import { toConfigDocument } from './mcp/McpService';
import { RegistryService } from './registry/RegistryService';
import type { ServerSecrets } from './secrets/ServerSecrets';
import { ServerFormService } from './serverForm/ServerFormService';
import type { SettingsService } from './settings/SettingsService';
import { hostText } from '../../shared/text/hostText';

/** The services behind adding servers: the form, the MCP Registry and bundles. */
export interface GettingServers {
  forms: ServerFormService;
  registry: RegistryService;
  bundles: BundleService;
}

export interface GettingServersDeps {
  platform: Pick<PlatformServices, 'paths' | 'env'>;
  files: ServersFileService;
  mcp: McpService;
  secrets: ServerSecrets;
  /** The registry URL setting; `SWITCHBOARD_REGISTRY_URL` overrides it. */
  settings: Pick<SettingsService, 'snapshot'>;
}

export function createGettingServers(deps: GettingServersDeps): GettingServers {
  const { platform, files, mcp, secrets } = deps;
  const forms = new ServerFormService({ files, mcp, secrets, env: platform.env });
  const registry = new RegistryService({
    baseUrl: () => registryUrl(platform.env, deps.settings.snapshot().registryUrl),
    files,
    secrets,
    findCommand: (command) => mcp.findCommand(command),
  });
  const bundles = new BundleService({
    dataDir: platform.paths.dataDir,
    files,
    secrets,
    forms,
    findCommand: (command) => mcp.findCommand(command),
  });
  return { forms, registry, bundles };
}

/** The registry to use: the environment's override, else the setting. */
export function registryUrl(
  env: Readonly<Record<string, string | undefined>>,
  setting: string,
): string {
  const override = env.SWITCHBOARD_REGISTRY_URL?.trim();
  return override ? override : setting;
}

type Names = (typeof gettingServersRequestNames)[number];

export function createGettingServersHandlers(
  services: GettingServers,
  imports: ImportCoordinator,
  platform: Pick<PlatformServices, 'pickPath'>,
): Pick<RequestHandlers, Names> {
  const { forms, registry, bundles } = services;
  return {
    'servers.getForm': ({ name }) => forms.get(name),
    'servers.testForm': ({ form, originalName }) => forms.test(form, originalName),
    'servers.saveForm': async ({ form, originalName }) =>
      toConfigDocument(await forms.save(form, originalName)),
    // A bundle's server goes with its unpacked folder.
    'servers.remove': async ({ name }) =>
      toConfigDocument(
        (await bundles.list()).some((b) => b.serverName === name)
          ? await bundles.uninstall(name)
          : await forms.remove(name),
      ),
    'registry.search': ({ query, cursor }) => registry.search(query, cursor),
    'registry.review': ({ name, version }) => registry.review(name, version),
    'registry.install': async (request) => {
      const result = await registry.install(request);
      return { serverName: result.serverName, document: toConfigDocument(result.state) };
    },
    'bundles.inspect': ({ path }) => bundles.inspect(path),
    'bundles.uploadStart': async ({ name, size }) => ({
      uploadId: await bundles.uploads.start(name, size),
    }),
    'bundles.uploadChunk': async ({ uploadId, offset, data }) => ({
      received: await bundles.uploads.chunk(uploadId, offset, data),
    }),
    'bundles.uploadFinish': ({ uploadId }) => bundles.inspectUpload(uploadId),
    'bundles.discard': async ({ path }) => {
      await bundles.discard(path);
      return {};
    },
    'bundles.install': async (request) => {
      const result = await bundles.install(request);
      return { serverName: result.serverName, document: toConfigDocument(result.state) };
    },
    'bundles.list': async () => ({ bundles: await bundles.list() }),
    'bundles.uninstall': async ({ serverName }) =>
      toConfigDocument(await bundles.uninstall(serverName)),
    'config.readImportFile': ({ path }) => imports.readFile(path),
    'platform.pickPath': async (request) => {
      if (!platform.pickPath) {
        throw new AppError(AppErrorCode.Unsupported, hostText('config.noPicker'));
      }
      return { path: await platform.pickPath(request) };
    },
  };
}
