import type {
  RegistryInstallRequest,
  RegistryPage,
  RegistryServer,
} from '../../../shared/domain/registryViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { ServersFileService } from '../config/ServersFileService';
import type { ServersFileState } from '../config/ServersFileState';
import type { ServerSecrets } from '../secrets/ServerSecrets';
import { buildRegistryEntry } from './buildRegistryEntry';
import { RegistryClient } from './RegistryClient';
import { toRegistryServer } from './toRegistryServer';
import { validateServerJson } from './validateServerJson';
import { hostText } from '../../../shared/text/hostText';

export interface RegistryServiceOptions {
  /** The registry's base URL now (settings, overridden by SWITCHBOARD_REGISTRY_URL). */
  baseUrl: () => string;
  files: ServersFileService;
  secrets: ServerSecrets;
  fetch?: typeof fetch;
}

export interface RegistryInstallResult {
  serverName: string;
  state: ServersFileState;
  /** Names of the secrets stored for it (never their values). */
  secrets: string[];
}

/** Searches the MCP Registry and installs a server.json as a servers-file entry. */
export class RegistryService {
  constructor(private readonly options: RegistryServiceOptions) {}

  private client(): RegistryClient {
    return new RegistryClient({
      baseUrl: this.options.baseUrl(),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }

  /** One page of the latest versions whose names contain `query`. */
  async search(query: string, cursor?: string): Promise<RegistryPage> {
    const client = this.client();
    const page = await client.search(query, cursor);
    return {
      servers: page.entries.map(toRegistryServer),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      registryUrl: client.baseUrl,
    };
  }

  /** Every page (the CLI's `search`). */
  async searchAll(query: string): Promise<RegistryServer[]> {
    return (await this.client().searchAll(query)).map(toRegistryServer);
  }

  /** The latest (or a given) version of one server, as the browser shows it. */
  async get(name: string, version = 'latest'): Promise<RegistryServer> {
    return toRegistryServer(await this.client().version(name, version));
  }

  /**
   * Installs one run option of a server: the document is fetched again from the registry (the
   * window's copy is not trusted), checked against the schema, turned into an entry with the
   * answers; secret values go to the secret store first, then the entry is added. A failed
   * add takes the stored secrets back out.
   */
  async install(request: RegistryInstallRequest): Promise<RegistryInstallResult> {
    const entry = await this.client().version(request.name, request.version);
    const check = validateServerJson(entry.server);
    if (!check.valid) {
      throw new AppError(
        AppErrorCode.Validation,
        // The schema checker's own words.
        hostText('registry.schemaMismatch', {
          name: request.name,
          version: request.version,
          problems: check.problems,
        }),
        { problems: check.problems },
      );
    }
    const built = buildRegistryEntry(
      check.server,
      request.option,
      request.values,
      request.serverName,
    );
    if (this.options.files.state.servers.some((s) => s.name === request.serverName)) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('config.nameTaken', { name: request.serverName }),
      );
    }
    const stored: string[] = [];
    try {
      for (const [name, value] of built.secrets) {
        await this.options.secrets.set(name, value, { owner: request.serverName });
        stored.push(name);
      }
      const state = await this.options.files.addServers({ [request.serverName]: built.entry });
      return { serverName: request.serverName, state, secrets: stored };
    } catch (error) {
      for (const name of stored) await this.options.secrets.delete(name).catch(() => undefined);
      throw error;
    }
  }
}
