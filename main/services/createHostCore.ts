import { readOnlyTrust } from './approvals/readOnlyTrust';
import { createToolSearchHandlers } from './catalog/search/createToolSearchHandlers';
import { ToolSearchService } from './catalog/search/ToolSearchService';
import { prepareOnCatalogueChange } from './catalog/search/prepareOnCatalogueChange';
import { join } from 'node:path';
import type { ApprovalPolicy } from '../../shared/domain/approvals';
import { normalizeModelRef } from '../../shared/domain/modelRef';
import type { EventPayload, RequestHandlers } from '../../shared/ipc/contract';
import type { Logger } from '../platform/Logger';
import type { PlatformServices } from '../platform/PlatformServices';
import { createAppServices, type AppServices } from './apps/createAppServices';
import { ApprovalBroker } from './approvals/ApprovalBroker';
import type { ApprovalBrokerOptions } from './approvals/ApprovalBrokerOptions';
import { JsonGrantRepository } from './approvals/JsonGrantRepository';
import { ImportCoordinator } from './config/ImportCoordinator';
import { ServersFileService } from './config/ServersFileService';
import { createConversationHandlers } from './conversation/createConversationHandlers';
import {
  createGettingServers,
  createGettingServersHandlers,
  type GettingServers,
} from './createGettingServers';
import {
  ConversationService,
  type ConversationServiceOptions,
} from './conversation/ConversationService';
import { HostEvents } from './base/HostEvents';
import { createInteractionHandlers } from './interactions/createInteractionHandlers';
import { createInteractionServices } from './interactions/createInteractionServices';
import type { HeadlessInteractionPolicy } from './interactions/HeadlessInteractionPolicy';
import type { InteractionServices } from './interactions/createInteractionServices';
import { createMcpHandlers } from './mcp/createMcpHandlers';
import { ToolRuns } from './mcp/ToolRuns';
import { createResourceHandlers } from './resources/createResourceHandlers';
import { ResourceSubscriptions } from './resources/ResourceSubscriptions';
import { StagedFiles } from './resources/StagedFiles';
import { McpService, toConfigDocument, toProblemViews } from './mcp/McpService';
import type { LockShell } from './mcp/locks/ServerLocks';
import type { LaunchMode } from './mcp/onDemand/ServerDemand';
import { OAuthStore } from './mcp/auth/OAuthStore';
import { createSecretHandlers } from './secrets/createSecretHandlers';
import { ServerSecrets } from './secrets/ServerSecrets';
import { SettingsService } from './settings/SettingsService';
import { createSkillHandlers } from './skills/createSkillHandlers';
import { SkillsService } from './skills/SkillsService';
import { createModelHandlers } from './models/createModelHandlers';
import { createModelServices, type ModelServices } from './models/createModelServices';
import type { ModelClient } from './models/ModelClient';
import type { ResolvedProvider } from './models/ProvidersService';
import { ConversationStore } from './store/ConversationStore';
import { createEventHandlers } from './events/createEventHandlers';
import { EventsService, type EventsServiceOptions } from './events/EventsService';
import { ClientTasks } from './tasks/ClientTasks';
import { createTaskServices, type TaskServices } from './tasks/createTaskServices';
import { UiStateService } from './uiState/UiStateService';

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
  /** The server form, the MCP Registry and bundles (the CLI's add, search, install). */
  gettingServers: GettingServers;
  /** Tool calls running as tasks on their servers (both eras), followed across restarts. */
  tasks: TaskServices;
  /** MCP Apps: UI resources, frames, what Apps may ask; shells give it their sandbox origin. */
  apps: AppServices;
  /** Tool search for large catalogues: per-turn plans, what searches loaded per conversation. */
  toolSearch: ToolSearchService;
  /** Servers' skills: listings, the person's choices, the loader the model uses. */
  skills: SkillsService;
  /** Model providers and their clients. */
  models: ModelServices;
  /** MCP Events: subscriptions, delivery, event cards, event-started turns. */
  mcpEvents: EventsService;
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
    /** Leave the app's "always allow" grants and read-only trust out (CLI `--ignore-grants`). */
    ignoreGrants?: boolean;
    /** A call went ahead on a grant or read-only trust from the app (the CLI says so). */
    onStoredApproval?: ApprovalBrokerOptions['onStoredApproval'];
  };
  /** Only these servers run (single-server CLI commands). */
  includeServer?: (name: string) => boolean;
  /** Which servers start with the host, and the kind of process named in server locks. */
  servers?: { launch?: LaunchMode; shell?: LockShell };
  /** Faster, scriptable restarts for the CLI. */
  supervisor?: ConstructorParameters<typeof McpService>[0]['supervisor'];
  conversation?: Pick<
    ConversationServiceOptions,
    'maxSteps' | 'resultBudgetChars' | 'generateTitles'
  >;
  /** Tests and benchmarks may swap the model clients. */
  createModel?: (provider: ResolvedProvider) => ModelClient;
  /** Test knobs for event delivery (clock, poll floor, heartbeat interval). */
  events?: Pick<EventsServiceOptions, 'clock' | 'minPollMs' | 'heartbeatMs'>;
}

export async function createHostCore(
  platform: PlatformServices,
  log: Logger,
  options: HostCoreOptions = {},
): Promise<HostCore> {
  const events = new HostEvents((error, name) =>
    log.error('event listener failed', { event: name, error }),
  );
  const settings = new SettingsService({
    file: platform.paths.settingsFile,
    secrets: platform.secrets,
    events,
    env: platform.env,
    log: log.child('settings'),
  });
  await settings.load();
  const models = await createModelServices({
    file: join(platform.paths.dataDir, 'providers.json'),
    secrets: platform.secrets,
    settings,
    env: platform.env,
    log: log.child('models'),
    ...(options.createModel ? { createModel: options.createModel } : {}),
  });
  models.providers.onDidChange((providers) => events.emit('providers.changed', { providers }));
  const uiState = new UiStateService(platform.paths.dataDir, log.child('ui-state'));
  await uiState.load();

  const serverSecrets = new ServerSecrets(platform.secrets);
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
    modelFor: (ref) => models.registry.resolve(ref),
    models: () => models.registry.refs(),
    defaultModel: () => normalizeModelRef(settings.snapshot().defaultModel),
    // The URL consent panel is the confirmation: the shell does not ask again.
    open: (url) => platform.opener.openExternal(url, { consented: true }),
    ...(platform.pickFolder ? { pickFolder: platform.pickFolder } : {}),
    log: log.child('interactions'),
  });
  const clientTasks = new ClientTasks({
    emit: (task) => events.emit('tasks.changed', { task }),
    originFor: (server) => interactions.runningTools.originFor(server),
  });
  const mcp = new McpService({
    handlers: clientTasks.track(interactions.broker.handlers),
    dataDir: platform.paths.dataDir,
    logsDir: platform.paths.logsDir,
    files,
    events,
    log: log.child('mcp'),
    env: platform.env,
    // The servers' `${secret:NAME}` values, for starts and for the OAuth providers alike.
    signIn: { store: new OAuthStore(platform.secrets), opener: platform.opener },
    secrets: serverSecrets,
    ...(include ? { include: (config) => include(config.name) } : {}),
    ...(options.useLoginShell !== undefined ? { useLoginShell: options.useLoginShell } : {}),
    ...(options.supervisor ? { supervisor: options.supervisor } : {}),
    shell: options.servers?.shell ?? platform.shell,
    ...(options.servers?.launch ? { launch: options.servers.launch } : {}),
    idleMinutes: () => settings.snapshot().idleMinutes,
    roots: () => interactions.roots.folders,
  });
  const imports = new ImportCoordinator(files, undefined, serverSecrets);
  const gettingServers = createGettingServers({
    platform,
    files,
    mcp,
    secrets: serverSecrets,
    settings,
  });
  // Staging a previous run left (a crash mid-unpack, a review open when it quit).
  void gettingServers.bundles
    .cleanStaging()
    .catch((error: unknown) => log.warn('bundle staging cleanup failed', { error }));
  const grants = new JsonGrantRepository(
    join(platform.paths.dataDir, 'grants.json'),
    log.child('grants'),
  );
  const trusted = readOnlyTrust(
    () => settings.snapshot(),
    (server) => mcp.isSandboxed(server),
  );
  const sandboxed = (server: string): boolean | undefined => mcp.sandboxState(server);
  const broker = new ApprovalBroker(
    options.headless
      ? {
          headless: true,
          ...(options.headless.policy ? { policy: options.headless.policy } : {}),
          ...(options.headless.ignoreGrants ? { ignoreStored: true } : {}),
          ...(options.headless.onStoredApproval
            ? { onStoredApproval: options.headless.onStoredApproval }
            : {}),
          grants,
          isReadOnlyTrusted: trusted,
          isSandboxed: sandboxed,
          log: log.child('approvals'),
        }
      : { grants, isReadOnlyTrusted: trusted, isSandboxed: sandboxed, log: log.child('approvals') },
  );
  broker.onDidRequest((request) => events.emit('approvals.requested', { request }));
  broker.onDidResolve(({ requestId, outcome }) =>
    events.emit('approvals.resolved', { requestId, outcome }),
  );
  broker.onDidChangeGrants((list) => events.emit('approvals.grantsChanged', { grants: list }));
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
  const toolSearch = new ToolSearchService({
    settings: () => settings.snapshot().toolSearch,
    catalog: mcp.catalog,
    store,
    log: log.child('tool-search'),
  });
  const stopPreparing = prepareOnCatalogueChange(events, toolSearch, () => mcp.catalogEntries());
  const tasks = createTaskServices({
    store,
    mcp,
    events,
    log: log.child('tasks'),
    preferTasks: () => settings.snapshot().preferTasks,
    clientTasks,
  });
  const apps = createAppServices({
    mcp,
    broker,
    events,
    dataDir: platform.paths.dataDir,
    log: log.child('apps'),
    findToolCall: (toolUseId) => store.getToolCall(toolUseId),
    send: (conversationId, text) => Promise.resolve(conversations.send(conversationId, text)),
    askToOpen: (request) => interactions.broker.askToOpen(request),
    open: (url) => platform.opener.openExternal(url, { consented: true }),
  });
  const stagedFiles = new StagedFiles();
  const conversations = new ConversationService({
    store,
    files: stagedFiles,
    mcp,
    broker,
    settings,
    events,
    models: models.registry,
    log: log.child('conversation'),
    runningTools: interactions.runningTools,
    toolSearch,
    callTool: tasks.chatCaller,
    apps: apps.forConversations,
    hostTools: () => skills.hostTools(),
    // A headless run ends with its turn; a title written afterwards would only hold up the exit.
    generateTitles: !options.headless,
    ...options.conversation,
  });
  tasks.connect(conversations);
  // Tasks a previous run left are followed again as their servers come up.
  tasks.service.start();
  events.subscribe((name, payload) => {
    // A deleted conversation is not the one to reopen at the next start.
    if (name === 'conversation.deleted') {
      const { id } = payload as EventPayload<'conversation.deleted'>;
      uiState
        .forgetConversation(id)
        .catch((error: unknown) => log.warn('ui state not saved', { error }));
    }
  });
  interactions.broker.onDidChange((interaction) =>
    events.emit('interactions.changed', { interaction }),
  );
  interactions.broker.onDidResolve(({ id, outcome }) =>
    events.emit('interactions.resolved', { id, outcome }),
  );
  interactions.broker.onDidRefuse((refused) => events.emit('interactions.refused', refused));
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
  const eventsService = new EventsService({
    mcp,
    events,
    log: log.child('events'),
    dataDir: platform.paths.dataDir,
    turns: {
      exists: (id) => {
        try {
          store.getConversation(id, { limit: 1 });
          return true;
        } catch {
          return false;
        }
      },
      // After the running turn (the person's or an earlier event's), through the same path as
      // the person's own messages: every tool call asks for approval as it would then.
      start: async (id, text) => {
        // The person may start a turn between "settled" and the send: wait for that one too.
        for (let attempt = 0; ; attempt++) {
          await conversations.settled(id);
          try {
            conversations.send(id, text);
            return;
          } catch (error) {
            if (attempt >= 5) throw error;
          }
        }
      },
    },
    ...options.events,
  });
  // Servers holding subscriptions (resources, events), running tasks or open Apps are never
  // stopped as idle.
  mcp.keepAlive(
    (server) =>
      subscriptions.watches(server) ||
      eventsService.hasActiveSubscriptions(server) ||
      tasks.service.isActiveOn(server) ||
      apps.service.hasOpenApp(server) ||
      skills.holdsSkills(server),
  );
  // Headless runs (the CLI's chat) deliver no events: an event-started turn there would run
  // under the run's approval policy, with nobody to ask.
  const eventsStarted = options.headless
    ? Promise.resolve()
    : eventsService
        .start()
        .catch((error: unknown) => log.error('event subscriptions failed to load', { error }));
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
      tasks: tasks.list(),
      uiState: uiState.snapshot(),
      // The shell's own account (Electron says why it has no keychain), else the store's kind.
      secretStorage: platform.secretStorage ?? { kind: platform.secrets.storage },
    }),
    'settings.get': () => settings.snapshot(),
    'settings.update': (patch) => settings.update(patch),
    'settings.setApiKey': ({ apiKey }) => settings.setApiKey(apiKey),
    'settings.clearApiKey': () => settings.clearApiKey(),
    'ui.update': (patch) => uiState.update(patch),
    ...createMcpHandlers(
      mcp,
      new ToolRuns({ emit: (progress) => events.emit('mcp.toolRunProgressed', progress) }),
      (server, tool, args, callOptions) =>
        tasks.service.call({ server, tool, args, origin: 'server', ...callOptions }),
    ),
    ...tasks.handlers,
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
    'config.validate': ({ text }) => ({ problems: toProblemViews(files.validateText(text)) }),
    'config.listImports': () => imports.list(),
    'config.applyImport': async (request) => toConfigDocument(await imports.apply(request)),
    ...createGettingServersHandlers(gettingServers, imports, platform),
    ...createConversationHandlers(conversations, broker),
    ...createModelHandlers(models, settings),
    'attachments.stageFile': (piece) => stagedFiles.receive(piece),
    'attachments.discardFile': ({ stagingId }) => {
      stagedFiles.release([stagingId]);
      return {};
    },
    ...createInteractionHandlers(interactions),
    ...createToolSearchHandlers({ toolSearch, mcp, store, settings, models: models.registry }),
    ...apps.handlers,
    ...createSkillHandlers(skills),
    ...createSecretHandlers(serverSecrets),
    ...createEventHandlers(eventsService),
    'sandbox.get': ({ server }) => mcp.sandboxDetail(server),
    'sandbox.allow': ({ server, id, confirmSensitive }) =>
      mcp.allowSandboxViolation(server, id, confirmSensitive === true),
  };

  return {
    handlers,
    events,
    settings,
    mcp,
    conversations,
    broker,
    interactions,
    gettingServers,
    tasks,
    apps,
    skills,
    models,
    toolSearch,
    mcpEvents: eventsService,
    ready,
    dispose: async () => {
      stopPreparing();
      await tasks.service.dispose();
      apps.dispose();
      await conversations.dispose();
      broker.dispose();
      interactions.broker.dispose();
      await ready;
      await watching;
      await subscriptions.dispose();
      await eventsStarted;
      await eventsService.dispose();
      await skillsLoaded;
      skills.dispose();
      await mcp.dispose();
      store.close();
    },
  };
}
