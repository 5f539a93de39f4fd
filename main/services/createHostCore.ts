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
import { createInteractionServices } from './interactions/createInteractionServices';
import type { HeadlessInteractionPolicy } from './interactions/HeadlessInteractionPolicy';
import type { InteractionServices } from './interactions/createInteractionServices';
import { createMcpHandlers } from './mcp/createMcpHandlers';
import { ToolRuns } from './mcp/ToolRuns';
import { createResourceHandlers } from './resources/createResourceHandlers';
import { ResourceSubscriptions } from './resources/ResourceSubscriptions';
import { McpService, toConfigDocument } from './mcp/McpService';
import { OAuthStore } from './mcp/auth/OAuthStore';
import { UserSecrets } from './secrets/UserSecrets';
import { SettingsService } from './settings/SettingsService';
import { createSkillHandlers } from './skills/createSkillHandlers';
import { SkillsService } from './skills/SkillsService';
import { ConversationStore } from './store/ConversationStore';

/** The Electron-free host: services wired together, plus the contract's handler map. */
export interface HostCore {
  handlers: RequestHandlers;
  events: HostEvents;
  settings: SettingsService;
  mcp: McpService;
  conversations: ConversationService;
  broker: ApprovalBroker;
  /** Sampling, elicitation and roots: what servers ask of the person. */
  interactions: InteractionServices;
  /** Servers' skills: listings, the person's choices, the loader the model uses. */
  skills: SkillsService;
  /** Resolves when the servers file is loaded and servers are starting. */
  ready: Promise<void>;
  dispose(): Promise<void>;
}

export interface HostCoreOptions {
  /** Skip the login shell when building server environments (tests). */
  useLoginShell?: boolean;
  /** Headless runs (CLI): no person can approve; a policy decides, or calls fail closed. */
  headless?: {
    policy?: ApprovalPolicy;
    /** What answers servers' sampling and elicitation requests; absent = refuse them. */
    interactions?: HeadlessInteractionPolicy;
    /** The roots servers get (CLI `--roots`); nothing is persisted. */
    roots?: readonly string[];
  };
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
  // Built before the conversation service it calls lazily (model client, model list).
  const interactions = await createInteractionServices({
    dataDir: platform.paths.dataDir,
    ...(options.headless
      ? {
          headless: {
            policy: options.headless.interactions ?? {},
            roots: options.headless.roots ?? [],
          },
        }
      : {}),
    modelClient: () => conversations.modelClient(),
    models: async () => (await conversations.models.list()).models.map((m) => m.id),
    defaultModel: () => settings.snapshot().defaultModel,
    // The URL consent panel is the confirmation: the shell does not ask again.
    open: (url) => platform.opener.openExternal(url, { consented: true }),
    ...(platform.pickFolder ? { pickFolder: platform.pickFolder } : {}),
    log: log.child('interactions'),
  });
  const mcp = new McpService({
    handlers: interactions.broker.handlers,
    dataDir: platform.paths.dataDir,
    logsDir: platform.paths.logsDir,
    files,
    events,
    log: log.child('mcp'),
    env: platform.env,
    signIn: {
      store: new OAuthStore(platform.secrets),
      secrets: platform.secrets,
      opener: platform.opener,
    },
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
  const secrets = new UserSecrets(platform.secrets);
  const skills = new SkillsService({
    mcp,
    events,
    log: log.child('skills'),
    file: join(platform.paths.dataDir, 'skills.json'),
  });
  const skillsLoaded = skills
    .start()
    .catch((error: unknown) => log.error('skills failed to load', { error }));
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
    runningTools: interactions.runningTools,
    hostTools: () => skills.hostTools(),
    ...options.conversation,
  });
  interactions.broker.onDidChange((interaction) =>
    events.emit('interactions.changed', { interaction }),
  );
  interactions.broker.onDidResolve(({ id, outcome }) =>
    events.emit('interactions.resolved', { id, outcome }),
  );
  interactions.policies.onDidChange((policies) =>
    events.emit('interactions.policiesChanged', { policies }),
  );
  interactions.roots.onDidChange((roots) => {
    events.emit('roots.changed', { roots });
    // 2025-era servers are told; 2026-era servers ask again when they need the list.
    for (const server of mcp.registry.list()) {
      if (server.status.kind !== 'ready') continue;
      server
        .ready()
        .notifyRootsChanged()
        .catch((error: unknown) => log.warn('roots change not delivered', { error }));
    }
  });
  const subscriptions = new ResourceSubscriptions({
    mcp,
    events,
    log: log.child('subscriptions'),
    file: join(platform.paths.dataDir, 'resource-subscriptions.json'),
  });
  const watching = subscriptions
    .start()
    .catch((error: unknown) => log.error('resource subscriptions failed to load', { error }));
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
      pendingInteractions: interactions.broker.pending(),
    }),
    'settings.get': () => settings.snapshot(),
    'settings.update': (patch) => settings.update(patch),
    'settings.setApiKey': ({ apiKey }) => settings.setApiKey(apiKey),
    'settings.clearApiKey': () => settings.clearApiKey(),
    ...createMcpHandlers(
      mcp,
      new ToolRuns({ emit: (progress) => events.emit('mcp.toolRunProgressed', progress) }),
    ),
    ...createResourceHandlers(mcp, subscriptions),
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
    ...createInteractionHandlers(interactions),
    ...createSkillHandlers(skills),
    'secrets.list': async () => ({ names: await secrets.names() }),
    'secrets.set': async ({ name, value }) => ({ names: await secrets.set(name, value) }),
    'secrets.delete': async ({ name }) => ({ names: await secrets.delete(name) }),
  };

  return {
    handlers,
    events,
    settings,
    mcp,
    conversations,
    broker,
    interactions,
    skills,
    ready,
    dispose: async () => {
      await conversations.dispose();
      broker.dispose();
      interactions.broker.dispose();
      await ready;
      await watching;
      await subscriptions.dispose();
      await skillsLoaded;
      skills.dispose();
      await mcp.dispose();
      store.close();
    },
  };
}
