import { join } from 'node:path';
import type { ApprovalPolicy } from '../../shared/domain/approvals';
import type { RequestHandlers } from '../../shared/ipc/contract';
import type { Logger } from '../platform/Logger';
import type { PlatformServices } from '../platform/PlatformServices';
import { ApprovalBroker } from './approvals/ApprovalBroker';
import { JsonGrantRepository } from './approvals/JsonGrantRepository';
import { ImportCoordinator } from './config/ImportCoordinator';
import { ServersFileService } from './config/ServersFileService';
import { createConversationHandlers } from './conversation/createConversationHandlers';
import {
  ConversationService,
  type ConversationServiceOptions,
} from './conversation/ConversationService';
import { HostEvents } from './HostEvents';
import { createInteractionHandlers } from './interactions/createInteractionHandlers';
import { createMcpHandlers } from './mcp/createMcpHandlers';
import { McpService, toConfigDocument } from './mcp/McpService';
import { OAuthStore } from './mcp/auth/OAuthStore';
import { SettingsService } from './settings/SettingsService';
import { ConversationStore } from './store/ConversationStore';

/** The Electron-free host: services wired together, plus the contract's handler map. */
export interface HostCore {
  handlers: RequestHandlers;
  events: HostEvents;
  settings: SettingsService;
  mcp: McpService;
  conversations: ConversationService;
  broker: ApprovalBroker;
  /** Resolves when the servers file is loaded and servers are starting. */
  ready: Promise<void>;
  dispose(): Promise<void>;
}

export interface HostCoreOptions {
  /** Skip the login shell when building server environments (tests). */
  useLoginShell?: boolean;
  /** Headless runs (CLI): no person can approve; a policy decides, or calls fail closed. */
  headless?: { policy?: ApprovalPolicy };
  /** Only these servers run (single-server CLI commands). */
  includeServer?: (name: string) => boolean;
  /** Faster, scriptable restarts for the CLI. */
  supervisor?: ConstructorParameters<typeof McpService>[0]['supervisor'];
  conversation?: Pick<ConversationServiceOptions, 'createModel' | 'maxSteps' | 'resultBudgetChars'>;
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
  const include = options.includeServer;
  const mcp = new McpService({
    dataDir: platform.paths.dataDir,
    logsDir: platform.paths.logsDir,
    files,
    events,
    log: log.child('mcp'),
    env: platform.env,
    signIn: { store: new OAuthStore(platform.secrets), opener: platform.opener },
    ...(include ? { include: (config) => include(config.name) } : {}),
    ...(options.useLoginShell !== undefined ? { useLoginShell: options.useLoginShell } : {}),
    ...(options.supervisor ? { supervisor: options.supervisor } : {}),
  });
  const imports = new ImportCoordinator(files);
  const grants = new JsonGrantRepository(
    join(platform.paths.dataDir, 'grants.json'),
    log.child('grants'),
  );
  const trusted = (server: string): boolean =>
    settings.snapshot().trustReadOnlyServers.includes(server);
  const broker = new ApprovalBroker(
    options.headless
      ? {
          headless: true,
          ...(options.headless.policy ? { policy: options.headless.policy } : {}),
          grants,
          isReadOnlyTrusted: trusted,
          log: log.child('approvals'),
        }
      : { grants, isReadOnlyTrusted: trusted, log: log.child('approvals') },
  );
  broker.onDidRequest((request) => events.emit('approvals.requested', { request }));
  broker.onDidResolve(({ requestId, outcome }) =>
    events.emit('approvals.resolved', { requestId, outcome }),
  );
  broker.onDidChangeGrants((list) => events.emit('approvals.grantsChanged', { grants: list }));
  const store = ConversationStore.open({
    file: join(platform.paths.dataDir, 'history.sqlite'),
    log: log.child('store'),
  });
  const conversations = new ConversationService({
    store,
    mcp,
    broker,
    settings,
    events,
    env: platform.env,
    log: log.child('conversation'),
    ...options.conversation,
  });
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
      conversations: conversations.list(),
      pendingApprovals: broker.pending(),
      pendingInteractions: [],
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
    ...createConversationHandlers(conversations, broker, settings),
    ...createInteractionHandlers(),
  };

  return {
    handlers,
    events,
    settings,
    mcp,
    conversations,
    broker,
    ready,
    dispose: async () => {
      await conversations.dispose();
      broker.dispose();
      await ready;
      await mcp.dispose();
      store.close();
    },
  };
}
