import { join } from 'node:path';
import type {
  ConfigDocument,
  ConfigProblemView,
  ServerDetail,
  ServerView,
  ToolView,
} from '../../../shared/domain/mcpViews';
import type { ServerConfig, StdioServerConfig } from '../../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { Logger } from '../../platform/Logger';
import { ToolCatalog, type CatalogEntry } from './tools/ToolCatalog';
import type { ConfigProblem } from '../config/ConfigProblem';
import type { ServersFileService } from '../config/ServersFileService';
import type { ServersFileState } from '../config/ServersFileState';
import type { HostEvents } from '../base/HostEvents';
import { buildServerEnv } from './launch/buildServerEnv';
import { PidLedger } from './launch/PidLedger';
import { resolveLoginShellEnv, type LoginShellEnv } from './launch/resolveLoginShellEnv';
import { resolveCommand } from './launch/resolveCommand';
import { RotatingLogFile } from '../../platform/RotatingLogFile';
import type { SignInDeps } from './auth/SignInFlow';
import type { ServerSecrets } from '../secrets/ServerSecrets';
import { resolveServerReferences, type ResolvedServer } from '../secrets/resolveServerReferences';
import { envLookup, type EnvLookup } from '../base/substituteEnv';
import { EraVerdictCache } from './session/EraVerdictCache';
import type { InteractionHandlers } from './session/InteractionHandlers';
import { EventBatcher } from './EventBatcher';
import { ServerRegistry } from './ServerRegistry';
import { ServerSupervisor, type SupervisorDeps } from './supervisor/ServerSupervisor';
import { toServerView } from './toServerView';
import { probeServer } from './probeServer';
import type { ServerTestResult } from '../../../shared/domain/serverForm';
import type { LogEntry, TrafficEntry } from '../../../shared/domain/mcpViews';
import { hostText } from '../../../shared/text/hostText';
import type { LockShell } from './locks/ServerLocks';
import type { KeepAlive } from './onDemand/IdleTracker';
import { ServerDemand, type LaunchMode } from './onDemand/ServerDemand';
import { rememberedDetail } from './onDemand/rememberedDetail';
import { ServerCostSampler } from './costs/ServerCostSampler';
import { processTableFor } from './costs/processTableFor';
import type { ServerCosts } from '../../../shared/domain/serverCosts';
import type { SandboxDetail, SandboxViolation } from '../../../shared/domain/serverSandbox';
import { isSandboxed, ServerSandboxing } from '../sandbox/ServerSandboxing';
import { writeAllowance } from '../sandbox/writeAllowance';

export interface McpServiceOptions {
  dataDir: string;
  logsDir: string;
  files: ServersFileService;
  events: HostEvents;
  log: Logger;
  /** Environment the host runs in: the login shell is resolved from its SHELL. */
  env: Readonly<Record<string, string | undefined>>;
  handlers?: InteractionHandlers;
  /** Overrides for tests and benchmarks (backoff, grace periods). */
  supervisor?: Partial<
    Pick<SupervisorDeps, 'policy' | 'killGraceMs' | 'installGraceMs' | 'maxMessageBytes'>
  >;
  /** Only these servers are run (the CLI's single-server commands). */
  include?: (config: ServerConfig) => boolean;
  /** Skip the login shell (tests, CLI with `--no-login-shell`): use `env` as it is. */
  useLoginShell?: boolean;
  /** OAuth sign-in for remote servers (secret store and browser opener). */
  signIn?: SignInDeps;
  /** The values of `${secret:NAME}` references, resolved at every start (none without it). */
  secrets?: ServerSecrets;
  /** Which servers start when the file is loaded (see LaunchMode); default `configured`. */
  launch?: LaunchMode;
  /** What kind of process this is (named in the locks it takes); default `other`. */
  shell?: LockShell;
  /** The `idleMinutes` setting; default 15. */
  idleMinutes?: () => number;
  /** The clock idle times are measured with (tests step it). */
  now?: () => number;
  /** How often idle servers are looked for (ms; 0 = never by itself). Default 30 s. */
  idleSweepMs?: number;
  /** The roots the person granted (a sandbox rule's `${roots}`). */
  roots?: () => readonly string[];
  /** The sandbox for `sandboxEnabled` servers; one over the process's runtime by default. */
  sandbox?: ServerSandboxing;
}

/**
 * The servers side of the host core: config file → registry of supervisors → catalogue, plus
 * the views and events the renderer and CLI see.
 */
export class McpService {
  readonly registry: ServerRegistry;
  readonly catalog: ToolCatalog;
  private readonly ledger: PidLedger;
  private readonly eraCache: EraVerdictCache;
  private loginEnv: Promise<LoginShellEnv> | undefined;
  private readonly logBatch: EventBatcher<LogEntry>;
  private readonly trafficBatch: EventBatcher<TrafficEntry>;
  private readonly violationBatch: EventBatcher<SandboxViolation>;
  /** The sandbox sandboxed servers start in (and what they tried that it refused). */
  readonly sandbox: ServerSandboxing;
  private serversTimer: NodeJS.Timeout | undefined;
  private unsubscribeFiles: (() => void) | undefined;
  private applying: Promise<unknown> = Promise.resolve();
  /** Remembered lists, start on first use, idle stops and locks (see ServerDemand). */
  readonly demand: ServerDemand;
  /** Servers running when the config last changed: a changed entry starts again at once. */
  private wasRunning = new Set<string>();
  /** Memory and CPU of running servers, measured only when asked. */
  private readonly costs: ServerCostSampler;
  /** `${env:NAME}` values, from the same environment the servers file is read with. */
  private readonly envValues: EnvLookup;

  constructor(private readonly options: McpServiceOptions) {
    const { events, log } = options;
    this.envValues = envLookup(options.env);
    this.catalog = new ToolCatalog(join(options.dataDir, 'tools.json'), log.child('catalog'));
    this.ledger = new PidLedger({
      file: join(options.dataDir, 'server-pids.json'),
      logger: log.child('ledger'),
    });
    this.eraCache = new EraVerdictCache({ file: join(options.dataDir, 'era-verdicts.json') });
    this.logBatch = new EventBatcher((server, entries) =>
      events.emit('mcp.logAppended', { server, entries }),
    );
    this.trafficBatch = new EventBatcher((server, entries) =>
      events.emit('mcp.trafficRecorded', { server, entries }),
    );
    this.demand = new ServerDemand({
      dataDir: options.dataDir,
      log: log.child('demand'),
      shell: options.shell ?? 'other',
      launch: options.launch ?? 'configured',
      idleMinutes: options.idleMinutes ?? (() => 15),
      ...(options.now ? { now: options.now } : {}),
      ...(options.idleSweepMs !== undefined ? { sweepMs: options.idleSweepMs } : {}),
      running: () => this.registry.list(),
    });
    this.costs = new ServerCostSampler({
      readTable: processTableFor(process.platform),
      // PowerShell takes a while to start: Windows samples at most every five seconds.
      minIntervalMs: process.platform === 'win32' ? 5_000 : 500,
      onGrowing: (server, cost) =>
        this.registry
          .get(server)
          ?.report(
            'warning',
            `Memory keeps growing: ${Math.round(cost.rssBytes / 1048576)} MiB now across ${cost.processes} processes`,
          ),
    });
    this.violationBatch = new EventBatcher((server, violations) =>
      events.emit('sandbox.violationsRecorded', { server, violations }),
    );
    this.sandbox =
      options.sandbox ??
      new ServerSandboxing({
        dataDir: options.dataDir,
        log: log.child('sandbox'),
        env: options.env,
        ...(options.roots ? { roots: options.roots } : {}),
      });
    this.sandbox.onDidRecord(({ server, violation, isNew }) => {
      this.violationBatch.add(server, violation);
      // A flood of one attempt is one line in the log, with its count now and then.
      if (isNew || violation.count % 100 === 0) {
        const times = violation.count > 1 ? ` (${violation.count} times)` : '';
        this.registry
          .get(server)
          ?.report('warning', `blocked: ${violation.kind} ${violation.target}${times}`);
      }
    });
    this.registry = new ServerRegistry(
      (config) => this.createSupervisor(config),
      (supervisor) => [
        ...this.demand.attach(supervisor),
        supervisor.onLog((entry) => this.logBatch.add(supervisor.config.name, entry)),
        supervisor.onTraffic((entry) => this.trafficBatch.add(supervisor.config.name, entry)),
        supervisor.onDidChangeList((list) =>
          events.emit('mcp.listChanged', { server: supervisor.config.name, list }),
        ),
      ],
      (supervisor) => this.demand.begin(supervisor, this.wasRunning.has(supervisor.config.name)),
    );
    this.registry.onDidChange(() => this.serversChanged());
    this.registry.onDidChangeTools(({ server }) => events.emit('mcp.toolsChanged', { server }));
  }

  /** Reaps leftovers of a crashed run, loads the config and starts the enabled servers. */
  async start(): Promise<void> {
    // Independent reads; servers start only once all three are done.
    const [reaped, , state] = await Promise.all([
      this.ledger.reapLeftovers(),
      this.catalog.load(),
      this.options.files.start(),
      this.demand.load(),
    ]);
    if (reaped.reaped.length > 0) {
      this.options.log.warn('ended server processes left by an earlier run', {
        count: reaped.reaped.length,
      });
    }
    this.unsubscribeFiles = this.options.files.onDidChange((next) => {
      this.options.events.emit('config.changed', toConfigDocument(next));
      this.applyState(next);
    });
    this.applyState(state);
    await this.applying;
  }

  /** Resolves once every server settled (ready, error, disabled), or the timeout passed. */
  async settled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.applying;
    const unsettled = () =>
      this.registry
        .list()
        .some(
          (s) =>
            (['starting', 'restarting', 'stopped'].includes(s.status.kind) && !s.config.disabled) ||
            this.demand.isLaunching(s),
        );
    while (unsettled() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  }

  async dispose(): Promise<void> {
    this.unsubscribeFiles?.();
    this.options.files.dispose();
    await this.applying.catch(() => {});
    await this.demand.learned();
    await this.registry.disposeAll();
    this.demand.dispose();
    await this.demand.releaseExcept(new Set());
    this.logBatch.flush();
    this.trafficBatch.flush();
    this.violationBatch.flush();
    this.logBatch.dispose();
    this.trafficBatch.dispose();
    this.violationBatch.dispose();
    await this.sandbox.dispose();
    if (this.serversTimer) clearTimeout(this.serversTimer);
  }

  /** Whether a configured server runs in the sandbox. */
  isSandboxed(name: string): boolean {
    const config = this.registry.get(name)?.config;
    return config !== undefined && isSandboxed(config);
  }

  /** For a local server, whether it runs in the sandbox; undefined for a remote or unknown one. */
  sandboxState(name: string): boolean | undefined {
    const config = this.registry.get(name)?.config;
    return config?.transport === 'stdio' ? isSandboxed(config) : undefined;
  }

  /** A server's sandbox: its rules in force and what it tried that they refused. */
  sandboxDetail(name: string): Promise<SandboxDetail> {
    return this.sandbox.detail(this.supervisor(name).config);
  }

  /**
   * Widens a server's rules by the one entry that lets a refused attempt through, written into
   * its entry in the servers file (spliced in place); the server restarts with it.
   */
  async allowSandboxViolation(
    name: string,
    id: string,
    confirmSensitive = false,
  ): Promise<SandboxDetail> {
    const { state, allow } = await writeAllowance(
      { sandbox: this.sandbox, files: this.options.files },
      this.supervisor(name).config,
      id,
      confirmSensitive,
    );
    this.applyState(state);
    await this.applying;
    this.registry
      .get(name)
      ?.report('info', `Allowed ${allow.value} (${allow.key}) in its sandbox rules`);
    return this.sandboxDetail(name);
  }

  servers(): ServerView[] {
    return this.registry.list().map((s) => toServerView(s.config, s.status));
  }

  detail(name: string): ServerDetail {
    const supervisor = this.supervisor(name);
    const info = supervisor.info;
    return {
      server: toServerView(supervisor.config, supervisor.status),
      ...(info?.serverInfo ? { serverInfo: info.serverInfo } : {}),
      ...(info ? { protocolVersion: info.protocolVersion, capabilities: info.capabilities } : {}),
      ...(info?.instructions ? { instructions: info.instructions } : {}),
      ...(supervisor.info ? {} : rememberedDetail(supervisor.remembered)),
      tools: supervisor.tools.map((tool) => ({
        ...this.catalog.view(name, tool),
        ...(supervisor.info ? {} : { remembered: true }),
      })),
      stderrTail: supervisor.stderrTail,
      nonJsonLines: supervisor.nonJsonLines,
      ...(supervisor.pid !== undefined ? { pid: supervisor.pid } : {}),
    };
  }

  /**
   * Enabled tools offered to the model: of ready servers, and of servers known by their
   * remembered list that wait to be needed (or are starting), which start when called.
   */
  catalogEntries(): readonly CatalogEntry[] {
    return this.catalog.entries(
      this.offered().map((s) => ({ name: s.config.name, tools: s.tools })),
    );
  }

  /** The instructions of the servers whose tools are offered (remembered ones included). */
  instructions(): { name: string; instructions: string | undefined }[] {
    return this.offered().map((s) => ({
      name: s.config.name,
      instructions: s.info ? s.info.instructions : s.remembered?.instructions,
    }));
  }

  /** Servers whose tools, prompts and templates are offered now. */
  offered(): ServerSupervisor[] {
    return this.registry.list().filter((s) => {
      const kind = s.status.kind;
      return (
        kind === 'ready' ||
        (s.remembered !== undefined && (kind === 'remembered' || kind === 'starting'))
      );
    });
  }

  /**
   * The server, ready: started first when it waits to be needed (and waited for). Rejects with
   * why it cannot be used: unknown, disabled, needs a sign-in, another process runs it, its
   * start failed; or when `signal` aborts.
   */
  async use(name: string, signal?: AbortSignal): Promise<ServerSupervisor> {
    const supervisor = this.supervisor(name);
    await this.demand.use(supervisor, signal);
    return supervisor;
  }

  /** Starts a server that waits to be needed, without waiting for it. */
  wake(name: string): ServerView {
    const supervisor = this.supervisor(name);
    this.demand.wake(supervisor);
    return toServerView(supervisor.config, supervisor.status);
  }

  /**
   * Starts a server something needs (a task to follow) if it waits; one not set going yet (the
   * servers file is still loading) starts as soon as it is. Returns at once.
   */
  need(name: string): void {
    const supervisor = this.registry.get(name);
    if (supervisor) this.demand.wake(supervisor);
    else this.demand.need(name);
  }

  /** Stops a running server; with a remembered list it waits, remembered, until next needed. */
  async stop(name: string): Promise<ServerView> {
    const supervisor = this.supervisor(name);
    await supervisor.park();
    return toServerView(supervisor.config, supervisor.status);
  }

  /** Memory and CPU of every running local server's process tree, measured now. */
  sampleCosts(): Promise<ServerCosts> {
    const targets = this.registry.list().flatMap((s) => {
      const pid = s.pid;
      return pid !== undefined && ['starting', 'ready'].includes(s.status.kind)
        ? [{ server: s.config.name, pid }]
        : [];
    });
    return this.costs.sample(targets);
  }

  /** What else keeps a server in use (subscriptions, tasks, open Apps): never stopped idle. */
  keepAlive(predicate: KeepAlive): void {
    this.demand.keepAlive(predicate);
  }

  async restart(name: string): Promise<ServerView> {
    const supervisor = this.supervisor(name);
    if (supervisor.config.disabled) {
      throw new AppError(AppErrorCode.Validation, hostText('mcp.disabled', { name }));
    }
    await this.demand.launch(supervisor, true).catch(() => undefined);
    return toServerView(supervisor.config, supervisor.status);
  }

  /** The person clicked "Sign in" on a remote server that needs it. */
  async signIn(name: string): Promise<void> {
    await this.supervisor(name).signIn();
  }

  cancelSignIn(name: string): void {
    this.supervisor(name).cancelSignIn();
  }

  /**
   * Forgets the server's tokens and registration; it then needs a sign-in again. Its remembered
   * list goes too: its tools are not offered until it is signed in and connected again.
   */
  async signOut(name: string): Promise<void> {
    const supervisor = this.supervisor(name);
    await supervisor.signOut();
    supervisor.remember(undefined);
    await this.demand.lists.forget(name);
  }

  /** The sign-in part of a server's detail (remote servers only; never a token). */
  async authSummary(name: string): Promise<Pick<ServerDetail, 'auth'>> {
    const auth = this.supervisor(name).auth;
    return auth ? { auth: await auth.summary() } : {};
  }

  async setEnabled(name: string, enabled: boolean): Promise<ServerView> {
    this.supervisor(name);
    const state = await this.options.files.setServerDisabled(name, !enabled);
    this.applyState(state);
    await this.applying;
    return toServerView(this.supervisor(name).config, this.supervisor(name).status);
  }

  async setToolEnabled(server: string, tool: string, enabled: boolean): Promise<ToolView> {
    const found = this.supervisor(server).tools.find((t) => t.name === tool);
    if (!found) throw new AppError(AppErrorCode.NotFound, hostText('mcp.noTool', { server, tool }));
    await this.catalog.setEnabled(server, tool, enabled);
    this.options.events.emit('mcp.toolsChanged', { server });
    return this.catalog.view(server, found);
  }

  /** Keeps a tool loaded in full while tool search holds the others back (or not). */
  async setToolAlwaysLoaded(
    server: string,
    tool: string,
    alwaysLoaded: boolean,
  ): Promise<ToolView> {
    const found = this.supervisor(server).tools.find((t) => t.name === tool);
    if (!found) throw new AppError(AppErrorCode.NotFound, hostText('mcp.noTool', { server, tool }));
    await this.catalog.setAlwaysLoaded(server, tool, alwaysLoaded);
    this.options.events.emit('mcp.toolsChanged', { server });
    return this.catalog.view(server, found);
  }

  supervisor(name: string): ServerSupervisor {
    const supervisor = this.registry.get(name);
    if (!supervisor) throw new AppError(AppErrorCode.NotFound, hostText('mcp.noServer', { name }));
    return supervisor;
  }

  configDocument(): ConfigDocument {
    return toConfigDocument(this.options.files.state);
  }

  private applyState(state: ServersFileState): void {
    // Applies run one after another so a burst of edits converges on the last one.
    this.applying = this.applying
      .then(async () => {
        const servers = state.servers.filter(this.options.include ?? (() => true));
        this.sandbox.configure(servers);
        this.wasRunning = new Set(
          this.registry
            .list()
            .filter((s) => !['stopped', 'remembered', 'disabled'].includes(s.status.kind))
            .map((s) => s.config.name),
        );
        await this.registry.apply(this.demand.configure(servers));
        await this.demand.releaseExcept(new Set(this.registry.list().map((s) => s.config.name)));
      })
      .catch((error: unknown) => this.options.log.error('applying servers failed', { error }));
  }

  private serversChanged(): void {
    // Coalesced: thirty servers starting at once make one update, not ninety.
    this.serversTimer ??= setTimeout(() => {
      this.serversTimer = undefined;
      this.options.events.emit('mcp.serversChanged', { servers: this.servers() });
    }, 30);
  }

  /**
   * Starts a config once, outside the registry ("Test" in the server form): its tools, or why
   * it failed. `secrets` are values not stored yet, used before the stored ones.
   */
  probe(config: ServerConfig, secrets?: ReadonlyMap<string, string>): Promise<ServerTestResult> {
    const supervisor = new ServerSupervisor(
      { ...config, disabled: false },
      {
        log: this.options.log.child(`probe.${config.name}`),
        serverEnv: (c) => this.serverEnv(c),
        ledger: this.ledger,
        ...(this.options.handlers ? { handlers: this.options.handlers } : {}),
        ...this.options.supervisor,
        resolveReferences: (c: ServerConfig) => this.resolveReferences(c, secrets),
        sandbox: this.sandbox,
      },
    );
    // The startup deadline ends the attempt; a little slack lets its failure arrive first.
    return probeServer(supervisor, config.timeouts.startupMs + 5_000);
  }

  private createSupervisor(config: ServerConfig): ServerSupervisor {
    return new ServerSupervisor(config, {
      log: this.options.log.child(`server.${config.name}`),
      serverEnv: (c) => this.serverEnv(c),
      logFile: new RotatingLogFile({
        dir: join(this.options.logsDir, 'servers'),
        name: config.name,
      }),
      ledger: this.ledger,
      eraCache: this.eraCache,
      ...(this.options.handlers ? { handlers: this.options.handlers } : {}),
      ...this.secretDeps(),
      ...this.options.supervisor,
      // One clock for statuses and idle times (tests step it).
      ...(this.options.now ? { now: this.options.now } : {}),
      sandbox: this.sandbox,
    });
  }

  /**
   * Where a command would be found for a server started now (the login shell's PATH), or the
   * AppError that says where it looked. Used to tell a bundle's runtime is missing up front.
   */
  async findCommand(command: string): Promise<string> {
    const env =
      this.options.useLoginShell === false
        ? this.options.env
        : (await (this.loginEnv ??= resolveLoginShellEnv({ env: this.options.env }))).env;
    return resolveCommand(command, { PATH: env.PATH, PATHEXT: env.PATHEXT });
  }

  /** A config's references resolved for a start; `unsaved` secrets (Test) before stored ones. */
  private resolveReferences(
    config: ServerConfig,
    unsaved?: ReadonlyMap<string, string>,
  ): Promise<ResolvedServer> {
    const env = this.envValues;
    const store = this.options.secrets;
    if (store) return store.resolve(config, { env, ...(unsaved ? { unsaved } : {}) });
    return resolveServerReferences(config, {
      env,
      secrets: () => Promise.resolve(new Map(unsaved ?? [])),
    });
  }

  private secretDeps(): Pick<SupervisorDeps, 'signIn' | 'resolveReferences'> {
    const { secrets, signIn } = this.options;
    const resolveReferences = (config: ServerConfig) => this.resolveReferences(config);
    if (!secrets) return { resolveReferences, ...(signIn ? { signIn } : {}) };
    return {
      resolveReferences,
      // The `oauth` block's references resolve from the same store the server starts with.
      ...(signIn ? { signIn: { ...signIn, secrets } } : {}),
    };
  }

  private async serverEnv(config: StdioServerConfig): Promise<Record<string, string>> {
    if (this.options.useLoginShell === false) return buildServerEnv(config.env, this.options.env);
    this.loginEnv ??= resolveLoginShellEnv({ env: this.options.env });
    const login = await this.loginEnv;
    return buildServerEnv(config.env, login.env);
  }
}

/** The servers file as the editor sees it. */
export function toConfigDocument(state: ServersFileState): ConfigDocument {
  return {
    path: state.file,
    exists: state.exists,
    text: state.text,
    problems: toProblemViews([...state.errors, ...state.warnings]),
  };
}

/** Problems of the servers file as windows show them (message, its key, where). */
export function toProblemViews(problems: readonly ConfigProblem[]): ConfigProblemView[] {
  return problems.map((p) => ({
    severity: p.severity,
    kind: p.kind,
    message: p.message,
    text: p.text,
    ...(p.path !== undefined ? { path: p.path } : {}),
    line: p.line,
    column: p.column,
    offset: p.offset,
    length: p.length,
  }));
}
