import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import type { ServerConfig, StdioServerConfig } from '../../../shared/domain/serverConfig';
import type { SandboxDetail, SandboxViolation } from '../../../shared/domain/serverSandbox';
import { hostText, type HostText } from '../../../shared/text/hostText';
import type { Logger } from '../../platform/Logger';
import type { ProcessWrapper } from './ProcessWrapper';
import { Emitter, type Unsubscribe } from '../base/Emitter';
import { classifyViolation, inferViolations, type Attempt } from './classifyViolation';
import { sharedAsrtEngine } from './createAsrtEngine';
import { defaultProgramDirs, findSandboxPrograms } from './findSandboxPrograms';
import {
  displayPath,
  displayRules,
  resolveSandboxPolicy,
  type SandboxPolicy,
} from './resolveSandboxPolicy';
import { SandboxSession } from './SandboxSession';
import { serverStateDir } from './serverStateDir';
import { suggestAllowance } from './suggestAllowance';
import { ViolationLog } from './ViolationLog';

/** A refused attempt kept for a server. */
export interface SandboxRecord {
  server: string;
  violation: SandboxViolation;
  /** False when it is a repeat of one already listed (its count went up). */
  isNew: boolean;
}

/** What a host core's sandbox needs: where the data folder is, the roots, the session. */
export interface ServerSandboxingOptions {
  dataDir: string;
  log: Logger;
  /** The roots the person granted (`${roots}`). */
  roots?: () => readonly string[];
  /** The session over the runtime; the process's shared one by default. */
  session?: SandboxSession;
  platform?: NodeJS.Platform;
  home?: string;
  /** The host's environment (Windows: %APPDATA%, %LOCALAPPDATA%). */
  env?: Readonly<Record<string, string | undefined>>;
}

let sharedSession: SandboxSession | undefined;

/** The process's one session over the runtime's one manager. */
export function sharedSandboxSession(): SandboxSession {
  return (sharedSession ??= new SandboxSession(sharedAsrtEngine()));
}

/** Whether a config runs in the sandbox: a local server with `sandboxEnabled: true`. */
export function isSandboxed(config: ServerConfig): config is StdioServerConfig {
  return config.transport === 'stdio' && config.sandboxEnabled === true;
}

/**
 * The sandbox as one host core uses it: each sandboxed server's effective rules, the wrapper
 * its start goes through, and what it tried that the rules refused — from the runtime (the
 * proxy, the OS), and from errors the server reported that name a denied place — kept per
 * server (see ViolationLog) and announced with {@link onDidRecord}.
 */
export class ServerSandboxing {
  private readonly recorded: Emitter<SandboxRecord>;
  /** Fired for each refused attempt recorded (new, or a repeat counted). */
  readonly onDidRecord: (listener: (record: SandboxRecord) => void) => Unsubscribe;
  private readonly session: SandboxSession;
  private readonly owner = randomUUID();
  private readonly platform: NodeJS.Platform;
  private readonly home: string;
  private readonly logs = new Map<string, ViolationLog>();
  /** The rules each running server was started with (what its errors are judged against). */
  private readonly live = new Map<string, SandboxPolicy>();
  /** Records on their way to a log (flushed() waits for them). */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: ServerSandboxingOptions) {
    this.recorded = new Emitter((error) => options.log.error('sandbox listener failed', { error }));
    this.onDidRecord = this.recorded.event;
    this.session = options.session ?? sharedSandboxSession();
    this.platform = options.platform ?? process.platform;
    this.home = options.home ?? homedir();
  }

  /** The rules `config` runs under now (with the roots granted now). */
  policy(config: StdioServerConfig): SandboxPolicy {
    return resolveSandboxPolicy(config.sandbox, {
      platform: this.platform,
      home: this.home,
      dataDir: this.options.dataDir,
      serverState: serverStateDir(this.options.dataDir, config.name),
      cwd: config.cwd ?? process.cwd(),
      roots: this.options.roots?.() ?? [],
      ...(this.options.env ? { env: this.options.env } : {}),
    });
  }

  /** Tells the session which servers are sandboxed (its shared lists come from all of them). */
  configure(configs: readonly ServerConfig[]): void {
    const policies = configs
      .filter((config) => isSandboxed(config) && !config.disabled)
      .map((config) => this.policy(config as StdioServerConfig));
    this.session.declare(this.owner, policies);
    const first = policies[0];
    if (first) this.session.warmUp(first);
  }

  /** The wrapper a sandboxed server starts through; undefined for any other server. */
  wrapperFor(config: ServerConfig): ProcessWrapper | undefined {
    if (!isSandboxed(config)) return undefined;
    return async (target) => {
      const policy = this.policy(config);
      await Promise.all(
        [policy.tmpDir, policy.cacheDir].map((dir) => mkdir(dir, { recursive: true })),
      );
      // `${serverState}` in its arguments and variables is its state folder (a memory file…).
      const expand = (value: string) => value.split('${serverState}').join(policy.serverState);
      const launch = await this.session.launch({
        serverName: config.name,
        policy,
        program: target.program,
        args: target.args.map(expand),
        env: Object.fromEntries(Object.entries(target.env).map(([k, v]) => [k, expand(v)])),
        configuredEnv: config.env,
        cwd: target.cwd ?? process.cwd(),
        onViolation: (raw) => {
          const attempt = classifyViolation(raw.line, this.judge(policy));
          if (attempt) this.record(config.name, attempt, policy, raw.at);
        },
      });
      this.live.set(config.name, policy);
      return launch;
    };
  }

  /**
   * Text a sandboxed server reported (a stderr line, an error result): an error in it that
   * names a denied place or host is recorded as a refused attempt (source `error`).
   */
  observe(server: string, text: string): void {
    const policy = this.live.get(server);
    if (!policy || text.length > 100_000) return;
    for (const attempt of inferViolations(text, this.judge(policy))) {
      this.record(server, attempt, policy, Date.now());
    }
  }

  /** The sandbox part of a server's screen (and of the CLI's `sandbox` command). */
  async detail(config: ServerConfig): Promise<SandboxDetail> {
    const enabled = isSandboxed(config);
    const violations = await this.log(config.name).recent();
    if (!enabled) return { server: config.name, enabled, violations };
    const problem = this.problem();
    return {
      server: config.name,
      enabled,
      ...(problem ? { problem } : {}),
      rules: displayRules(this.policy(config), this.home, this.platform),
      violations,
    };
  }

  /** One recorded attempt of a server, by id. */
  violation(server: string, id: string): Promise<SandboxViolation | undefined> {
    return this.log(server).find(id);
  }

  /** Resolves once every recorded attempt is on disk. */
  async flushed(): Promise<void> {
    await Promise.all([...this.pending]);
    await Promise.all([...this.logs.values()].map((log) => log.flushed()));
  }

  async dispose(): Promise<void> {
    this.recorded.clear();
    await this.flushed();
  }

  /** What stops sandboxed servers here, as far as can be told without starting one. */
  private problem(): HostText | undefined {
    if (!['linux', 'darwin', 'win32'].includes(this.platform)) {
      return hostText('sandbox.unavailable.platform', { platform: this.platform });
    }
    if (this.platform !== 'linux') return undefined;
    const { missing } = findSandboxPrograms(defaultProgramDirs());
    if (missing.length === 0) return undefined;
    return hostText('sandbox.unavailable.missing', { missing: missing.join(', ') });
  }

  private record(server: string, attempt: Attempt, policy: SandboxPolicy, at: number): void {
    const pending = this.keep(server, attempt, policy, at).catch((error: unknown) =>
      this.options.log.error('sandbox violation not kept', { server, error }),
    );
    this.pending.add(pending);
    void pending.finally(() => this.pending.delete(pending));
  }

  private async keep(
    server: string,
    attempt: Attempt,
    policy: SandboxPolicy,
    at: number,
  ): Promise<void> {
    const judge = this.judge(policy);
    const target =
      attempt.kind === 'read' || attempt.kind === 'write'
        ? displayPath(attempt.target, this.home, this.platform)
        : attempt.target;
    const kept = await this.log(server).record(
      attempt,
      { target, allow: suggestAllowance(attempt, judge) },
      at,
    );
    this.recorded.fire({ server, ...kept });
  }

  private judge(policy: SandboxPolicy) {
    return { policy, platform: this.platform, home: this.home };
  }

  private log(server: string): ViolationLog {
    let log = this.logs.get(server);
    if (!log) {
      const name = basename(serverStateDir(this.options.dataDir, server));
      log = new ViolationLog(join(this.options.dataDir, 'sandbox-violations', `${name}.json`));
      this.logs.set(server, log);
    }
    return log;
  }
}
