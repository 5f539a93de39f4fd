import type { LogEntry, TrafficEntry } from '../../../../shared/domain/mcpViews';
import type { ServerConfig, StdioServerConfig } from '../../../../shared/domain/serverConfig';
import type { ServerFailure, ServerStatus } from '../../../../shared/domain/serverStatus';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import type { Logger } from '../../../platform/Logger';
import { SignInFlow, type SignInDeps } from '../auth/SignInFlow';
import type { PidLedger } from '../launch/PidLedger';
import type { RotatingLogFile } from '../../../platform/RotatingLogFile';
import { redactingLogger } from '../../secrets/redactingLogger';
import { Redactor } from '../../secrets/Redactor';
import type { ResolvedServer } from '../../secrets/resolveServerReferences';
import { Emitter } from '../../base/Emitter';
import type { EraVerdictCache } from '../session/EraVerdictCache';
import type { InteractionHandlers } from '../session/InteractionHandlers';
import type { RememberedList } from '../remembered/RememberedList';
import { McpSession, type CallToolOptions, type SessionInfo } from '../session/McpSession';
import type { CallToolResult, Tool } from '../session/mcpTypes';
import type { StdioProcessTransport } from '../session/StdioProcessTransport';
import { createStdioTransport } from './createStdioTransport';
import { describeFailure, exitOf } from './describeFailure';
import { RestartPolicy, type RestartPolicyOptions } from './RestartPolicy';
import { ServerLog } from './ServerLog';
import { observedCall, sandboxOf, type SupervisorSandbox } from './SupervisorSandbox';
import { formatHostText, hostText } from '../../../../shared/text/hostText';

export interface SupervisorDeps {
  log: Logger;
  /** The full environment a stdio server gets (allow-listed login env + its configured env). */
  serverEnv: (config: StdioServerConfig) => Promise<Record<string, string>>;
  /** The per-server log file (stderr and lifecycle notes). */
  logFile?: RotatingLogFile;
  ledger?: PidLedger;
  eraCache?: EraVerdictCache;
  handlers?: InteractionHandlers;
  policy?: RestartPolicyOptions;
  /** How long in total an install seen on stderr may extend the startup timeout. */
  installGraceMs?: number;
  /** Grace per kill step when stopping a stdio server. */
  killGraceMs?: number;
  maxMessageBytes?: number;
  now?: () => number;
  /** OAuth sign-in for remote servers; without it a 401 is an ordinary error. */
  signIn?: SignInDeps;
  /**
   * Resolves the config's `${env:NAME}` and `${secret:NAME}` references at each start; the
   * values it brings in are redacted from everything this server shows or writes. Without it
   * the config starts as it is.
   */
  resolveReferences?: (config: ServerConfig) => Promise<ResolvedServer>;
  /** The sandbox, for servers that run in it (`sandboxEnabled`). */
  sandbox?: SupervisorSandbox;
}

const STDERR_TAIL_LINES = 40;

/**
 * One server's lifecycle: start, watch, restart with backoff, stop. Failures become state a
 * person can read (code, message, exit code or signal, stderr tail), never only log lines.
 */
export class ServerSupervisor {
  /** What this server's references brought in, replaced by the references wherever shown. */
  private readonly redactor = new Redactor();
  private readonly log: Logger;
  // A listener that throws must not stop the others, nor go unseen: it is logged with its stack.
  private readonly reportListener = (error: unknown): void =>
    this.log.error('server event listener failed', { server: this.config.name, error });
  private readonly statusChanged = new Emitter<ServerStatus>(this.reportListener);
  private readonly toolsChanged = new Emitter<Tool[]>(this.reportListener);
  /** The server's Logs and Traffic tabs. */
  private readonly serverLog: ServerLog;
  private readonly listChanged = new Emitter<'prompts' | 'resources'>(this.reportListener);
  readonly onDidChangeStatus = this.statusChanged.event;
  readonly onDidChangeTools = this.toolsChanged.event;
  readonly onLog: ServerLog['onLog'];
  readonly onTraffic: ServerLog['onTraffic'];
  /** The server announced new prompts or resources (both eras). */
  readonly onDidChangeList = this.listChanged.event;

  private statusValue: ServerStatus = { kind: 'stopped' };
  private session: McpSession | undefined;
  /** The session whose connect is in flight (its startup deadline can be extended). */
  private connecting: McpSession | undefined;
  private sessionInfo: SessionInfo | undefined;
  private toolList: Tool[] = [];
  private transport: StdioProcessTransport | undefined;
  private generation = 0;
  private abort: AbortController | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly policy: RestartPolicy;
  private readonly now: () => number;
  private disposing = false;
  /** What was remembered from an earlier run: it stands in while the server is not running. */
  private rememberedList: RememberedList | undefined;
  /** Remote servers only: OAuth sign-in (status needs-sign-in, Sign in / Sign out). */
  readonly auth: SignInFlow | undefined;

  constructor(
    readonly config: ServerConfig,
    private readonly deps: SupervisorDeps,
  ) {
    this.log = redactingLogger(deps.log, this.redactor);
    this.policy = new RestartPolicy(deps.policy);
    this.now = deps.now ?? Date.now;
    this.serverLog = new ServerLog({
      serverName: config.name,
      redactor: this.redactor,
      log: this.log,
      now: this.now,
      reportListener: this.reportListener,
    });
    this.onLog = this.serverLog.onLog;
    this.onTraffic = this.serverLog.onTraffic;
    if (config.disabled) this.statusValue = { kind: 'disabled' };
    if (config.transport !== 'stdio' && deps.signIn) {
      this.auth = new SignInFlow({
        ...deps.signIn,
        config,
        logger: this.log,
        now: this.now,
        getStatus: () => this.statusValue,
        setStatus: (status) => this.setStatus(status),
        reconnect: () => this.restart(),
        disconnect: () => this.halt(),
      });
    }
  }

  get status(): ServerStatus {
    return this.statusValue;
  }

  /** What the server said about itself (its name, instructions), redacted. */
  get info(): SessionInfo | undefined {
    return this.sessionInfo && this.redactor.deep(this.sessionInfo);
  }

  /** The live tools while connected; otherwise those remembered from its last run, if any. */
  get tools(): readonly Tool[] {
    return this.session || !this.rememberedList ? this.toolList : this.rememberedList.tools;
  }

  /** The list remembered from an earlier run (or learned in this one), if there is one. */
  get remembered(): RememberedList | undefined {
    return this.rememberedList;
  }

  /** Keeps the list learned for this server; shown while it is not running. */
  remember(list: RememberedList | undefined): void {
    this.rememberedList = list;
    const status = this.statusValue;
    if (status.kind === 'remembered' && list)
      this.setStatus(this.parkedStatus(status.idleStoppedAt));
  }

  /**
   * Stops the server (if it runs) and waits until it is next needed: `remembered` when its
   * list is known, else `stopped`. `idleAt` says it stopped because it was unused.
   */
  async park(idleAt?: number): Promise<void> {
    if (this.disposing || this.config.disabled) return;
    const running = !['stopped', 'remembered', 'error'].includes(this.statusValue.kind);
    await this.halt();
    if (this.isDisposing()) return;
    if (running) {
      this.note('info', idleAt === undefined ? 'Stopped' : 'Stopped: unused for its idle time');
    }
    this.setStatus(this.parkedStatus(idleAt));
  }

  /**
   * Stops retrying a start that failed when nobody waits for the server any more (it was started
   * on demand): it stays failed, with why, until it is next needed.
   */
  async giveUp(): Promise<void> {
    const status = this.statusValue;
    if (status.kind !== 'restarting') return;
    await this.halt();
    if (this.isDisposing()) return;
    this.setStatus({ kind: 'error', failure: status.lastFailure });
  }

  /** A start that may not happen (another process runs the server): an error, no retry. */
  refuse(error: AppError): void {
    this.note('warning', error.message);
    this.setStatus({
      kind: 'error',
      failure: {
        code: error.code,
        message: error.message,
        text: error.text ?? hostText('foreign', { text: error.message }),
        stderrTail: [],
        at: this.now(),
      },
    });
  }

  private parkedStatus(idleAt?: number): ServerStatus {
    const list = this.rememberedList;
    if (!list) return { kind: 'stopped' };
    return {
      kind: 'remembered',
      toolCount: list.tools.length,
      learnedAt: list.learnedAt,
      ...(idleAt !== undefined ? { idleStoppedAt: idleAt } : {}),
    };
  }

  get stderrTail(): string[] {
    const tail = this.transport?.stderrTail.slice(-STDERR_TAIL_LINES) ?? [];
    return this.redactor.active ? tail.map((line) => this.redactor.text(line)) : tail;
  }

  get nonJsonLines(): number {
    return this.transport?.nonJsonLineCount ?? 0;
  }

  get pid(): number | undefined {
    return this.transport?.pid ?? undefined;
  }

  /** A note from the host about this server in its log (e.g. a skill refused), as a person reads it. */
  report(level: 'info' | 'warning' | 'error', text: string): void {
    this.note(level, text);
  }

  logsSince(seq?: number): LogEntry[] {
    return this.serverLog.logsSince(seq);
  }

  trafficSince(seq?: number): TrafficEntry[] {
    return this.serverLog.trafficSince(seq);
  }

  /** Starts the server unless it is disabled or already running. */
  start(): void {
    if (this.disposing || this.config.disabled) return;
    if (this.statusValue.kind === 'starting' || this.statusValue.kind === 'ready') return;
    this.clearRetry();
    void this.runAttempt(++this.generation);
  }

  /** Stops now and starts afresh, forgetting earlier failures (also leaves a crash-loop error). */
  async restart(): Promise<void> {
    if (this.disposing || this.config.disabled) return;
    this.policy.reset();
    await this.halt();
    // Disposed meanwhile (quit during a restart): nothing may start after that.
    if (this.isDisposing()) return;
    this.note('info', 'Restart requested');
    // halt() leaves the status as it was; start() would take a stale `ready` as running.
    if (this.statusValue.kind === 'ready') this.setStatus({ kind: 'stopped' });
    this.start();
  }

  /** Stops the server and its whole process tree. */
  async stop(): Promise<void> {
    await this.halt();
    this.setStatus(this.config.disabled ? { kind: 'disabled' } : { kind: 'stopped' });
  }

  async dispose(): Promise<void> {
    if (this.disposing) return;
    // Set before anything is awaited: a restart or retry racing the dispose sees it at once.
    this.disposing = true;
    this.auth?.dispose();
    await this.stop();
    this.statusChanged.clear();
    this.toolsChanged.clear();
    this.serverLog.clear();
    this.listChanged.clear();
  }

  /** Opens the browser sign-in of a remote server that needs one (see SignInFlow). */
  signIn(): Promise<void> {
    if (this.statusValue.kind !== 'needs-sign-in') {
      return Promise.reject(
        new AppError(
          AppErrorCode.Validation,
          hostText('auth.notNeeded', { name: this.config.name }),
        ),
      );
    }
    return this.signInFlow().signIn();
  }

  cancelSignIn(): void {
    this.signInFlow().cancel();
  }

  /** Forgets the tokens of a remote server; it needs a sign-in again. */
  signOut(): Promise<void> {
    return this.signInFlow().signOut();
  }

  /** Read through a call: TypeScript would keep a narrowing of the field across an await. */
  private isDisposing(): boolean {
    return this.disposing;
  }

  private signInFlow(): SignInFlow {
    if (!this.auth) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('auth.notRemote', { name: this.config.name }),
      );
    }
    return this.auth;
  }

  /** Calls a tool on the ready server; rejects with MCP_CLOSED when it is not ready. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<CallToolResult> {
    const sandbox = sandboxOf(this.deps.sandbox, this.config);
    return observedCall(sandbox, this.config.name, this.ready().callTool(name, args, options));
  }

  /**
   * A request of the ready session (any kind: see McpSession.onAuthRequired) met a 401 the
   * refresh token could not fix: the person has to sign in again. Once per session.
   */
  private lostSignIn(generation: number, error: AppError): void {
    if (!this.auth || generation !== this.generation) return;
    const status = this.auth.needsSignIn(error);
    const halting = this.halt();
    // halt() moved to a new generation; a restart or sign-in after it owns the status.
    const halted = this.generation;
    void halting.then(() => {
      if (halted !== this.generation || this.disposing) return;
      this.note('warning', `Signed out by the server: ${error.message}`);
      this.setStatus(status);
    });
  }

  /** The connected session, for listings and reads; rejects when the server is not ready. */
  ready(): McpSession {
    if (this.statusValue.kind !== 'ready' || !this.session) {
      throw new AppError(
        AppErrorCode.McpClosed,
        hostText('mcp.notReady', { name: this.config.name }),
      );
    }
    return this.session;
  }

  private async halt(): Promise<void> {
    this.generation++;
    this.clearRetry();
    this.abort?.abort();
    const session = this.session;
    this.session = undefined;
    this.sessionInfo = undefined;
    this.setTools([]);
    if (session) await session.close().catch(() => {});
    // A connect in flight owns its transport; make sure its process tree is gone too.
    await this.transport?.close().catch(() => {});
  }

  private async runAttempt(generation: number): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.setStatus({ kind: 'starting', since: this.now() });
    this.note('info', `Starting (${this.describeTarget()})`);
    const config = await this.resolvedConfig(generation);
    if (!config || generation !== this.generation) return;
    const session = new McpSession({
      config,
      identity: this.config,
      ...(config.transport === 'stdio'
        ? { transport: () => this.createTransport(config, generation) }
        : {}),
      ...(this.deps.eraCache ? { eraCache: this.deps.eraCache } : {}),
      ...(this.deps.handlers ? { handlers: this.deps.handlers } : {}),
      ...(this.auth ? { authProvider: this.auth.provider } : {}),
      logger: this.log,
      onNote: (text) => {
        if (generation === this.generation) this.note('warning', text);
      },
    });
    session.onTraffic((event) => {
      if (generation === this.generation) this.serverLog.recordTraffic(event);
    });
    session.onLog((entry) => {
      if (generation !== this.generation) return;
      const text = typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data);
      this.addLog('notification', entry.level, entry.logger ? `[${entry.logger}] ${text}` : text);
    });
    this.connecting = session;
    try {
      const info = await session.connect({ signal: abort.signal });
      this.connecting = undefined;
      if (generation !== this.generation) {
        await session.close().catch(() => {});
        return;
      }
      const tools = info.capabilities.tools ? await session.listTools() : [];
      if (generation !== this.generation) {
        await session.close().catch(() => {});
        return;
      }
      this.session = session;
      this.sessionInfo = info;
      session.onDidChangeTools((next) => {
        if (generation === this.generation) this.setTools(next);
      });
      session.onDidChangePrompts(() => {
        if (generation === this.generation) this.listChanged.fire('prompts');
      });
      session.onDidChangeResources(() => {
        if (generation === this.generation) this.listChanged.fire('resources');
      });
      session.onAuthRequired((error) => this.lostSignIn(generation, error));
      session.onDidClose((event) => {
        if (generation !== this.generation || event.expected) return;
        this.session = undefined;
        this.sessionInfo = undefined;
        void this.failed(
          generation,
          event.error ?? new AppError(AppErrorCode.McpClosed, hostText('mcp.closed')),
        );
      });
      this.setTools(tools);
      this.policy.onReady(this.now());
      this.setStatus({
        kind: 'ready',
        since: this.now(),
        era: info.era,
        protocolVersion: info.protocolVersion,
        serverInfo: info.serverInfo ?? { name: this.config.name, version: 'unknown' },
        ...(info.pid !== undefined ? { pid: info.pid } : {}),
        toolCount: tools.length,
      });
      this.note(
        'info',
        `Ready: ${info.era} era, protocol ${info.protocolVersion}, ${tools.length} tools`,
      );
    } catch (error) {
      if (this.connecting === session) this.connecting = undefined;
      await session.close().catch(() => {});
      if (generation === this.generation) await this.failed(generation, error);
    }
  }

  /** The config with its references resolved, per attempt (a secret stored after a failure is picked up). */
  private async resolvedConfig(generation: number): Promise<ServerConfig | undefined> {
    if (!this.deps.resolveReferences) return this.config;
    try {
      const resolved = await this.deps.resolveReferences(this.config);
      this.redactor.add(resolved.sensitive);
      return resolved.config;
    } catch (error) {
      if (generation === this.generation) await this.failed(generation, error);
      return undefined;
    }
  }

  private async failed(generation: number, error: unknown): Promise<void> {
    const appError = AppError.from(error);
    this.setTools([]);
    if (this.auth && appError.code === AppErrorCode.McpAuthRequired) {
      // Retrying cannot help: the person has to sign in (the server never opens a browser).
      this.note('warning', appError.message);
      this.setStatus(this.auth.needsSignIn(appError));
      return;
    }
    // The exit code arrives with the process's exit, which may trail the closed pipe a little.
    const exit = await exitOf(this.transport);
    if (generation !== this.generation) return;
    const described = describeFailure(appError, exit, this.statusValue.kind === 'starting');
    const failure: ServerFailure = {
      code: appError.code,
      message: formatHostText(described),
      text: described,
      ...(exit ? { exitCode: exit.code, signal: exit.signal } : {}),
      stderrTail: this.stderrTail,
      at: this.now(),
    };
    const decision = this.policy.onFailure(this.now(), failure.code);
    this.note(
      'error',
      `${failure.message}${exit ? ` (exit code ${String(exit.code)}, signal ${String(exit.signal)})` : ''}`,
    );
    if (decision.kind === 'give-up') {
      if (decision.reason === 'crash-loop') {
        failure.text = hostText('server.crashLoop', {
          attempts: decision.attempts,
          last: failure.text,
        });
        failure.message = formatHostText(failure.text);
      }
      this.setStatus({ kind: 'error', failure });
      return;
    }
    const nextRetryAt = this.now() + decision.delayMs;
    this.setStatus({
      kind: 'restarting',
      attempt: decision.attempt,
      nextRetryAt,
      lastFailure: failure,
    });
    this.note(
      'info',
      `Restarting in ${Math.round(decision.delayMs / 100) / 10} s (attempt ${decision.attempt})`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (generation === this.generation) void this.runAttempt(++this.generation);
    }, decision.delayMs);
  }

  private async createTransport(
    config: StdioServerConfig,
    generation: number,
  ): Promise<StdioProcessTransport> {
    const transport = await createStdioTransport(config, this.deps, {
      current: () => generation === this.generation,
      log: this.serverLog,
      status: () => this.statusValue,
      setStatus: (status) => this.setStatus(status),
      extendStartup: (ms) => this.connecting?.extendStartupDeadline(ms),
    });
    this.transport = transport;
    return transport;
  }

  /** The command line or URL as written (references, not their values). */
  private describeTarget(): string {
    return this.config.transport === 'stdio'
      ? [this.config.command, ...this.config.args].join(' ')
      : (this.config.urlTemplate ?? this.config.url);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private setTools(tools: Tool[]): void {
    if (tools.length === 0 && this.toolList.length === 0) return;
    this.toolList = tools;
    if (this.statusValue.kind === 'ready' && this.statusValue.toolCount !== tools.length) {
      this.setStatus({ ...this.statusValue, toolCount: tools.length });
    }
    this.toolsChanged.fire(tools);
  }

  private setStatus(status: ServerStatus): void {
    // Failures carry messages and stderr lines that may quote what a reference brought in.
    this.statusValue = this.redactor.deep(status);
    this.statusChanged.fire(this.statusValue);
  }

  /** A line from one of the server's Apps (its log records, its failures) or about them. */
  appLog(level: string, text: string): void {
    this.addLog('app', level, text);
  }

  private note(level: string, text: string): void {
    this.serverLog.note(level, text);
  }

  private addLog(source: LogEntry['source'], level: string, text: string): void {
    this.serverLog.add(source, level, text);
  }
}
