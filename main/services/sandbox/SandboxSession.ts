import { randomBytes } from 'node:crypto';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText, type HostText } from '../../../shared/text/hostText';
import { buildSandboxedCommand, withWindowsEnv } from './buildSandboxedCommand';
import {
  defaultProgramDirs,
  findSandboxPrograms,
  type SandboxPrograms,
} from './findSandboxPrograms';
import { planSandboxLaunch, sessionConfig, type DeclaredPolicy } from './planSandboxLaunch';
import type { SandboxPolicy } from './resolveSandboxPolicy';
import type { EngineConfig, RawViolation, SandboxEngine } from './SandboxEngine';

/** One server process to start in the sandbox. */
export interface SandboxLaunchRequest {
  serverName: string;
  policy: SandboxPolicy;
  /** The resolved program (an absolute path) and its arguments. */
  program: string;
  args: readonly string[];
  /** The complete environment of the server (see buildServerEnv). */
  env: Readonly<Record<string, string>>;
  /** The variables its entry sets (`env`): they win over the sandbox's defaults. */
  configuredEnv: Readonly<Record<string, string>>;
  cwd: string;
  /** Each refused attempt attributed to this process. */
  onViolation: (violation: RawViolation) => void;
}

/** What to spawn instead of the server, and what to call once its tree has ended. */
export interface SandboxLaunch {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** The unguessable id the runtime attributes this process's violations and network to. */
  commandId: string;
  /** Once the process tree is gone: drops its network list and lets the runtime clean up. */
  release(): void;
}

interface Running {
  onViolation: (violation: RawViolation) => void;
  released: boolean;
}

/** How long a finished launch still receives violations (a proxy or monitor may report late). */
const LATE_VIOLATIONS_MS = 5_000;

/**
 * The host's one sandbox session over the runtime (which is one per process): it checks what
 * the system needs, initializes the runtime on the first sandboxed start, wraps each server's
 * command with that server's own rules, registers its network allow list under an unguessable
 * id, and routes every violation the runtime reports to the server it came from.
 *
 * One proxy serves every sandboxed server. Per-server rules: the filesystem rules go with each
 * wrap (per command); each server's allowed hosts are a per-command list keyed by its id (the
 * proxy learns the id from the proxy credentials only that server's environment holds); denied
 * hosts are checked by the proxy before any list, so the session's denied list is the union of
 * every sandboxed server's — a host one server denies is denied to all of them (stricter, never
 * looser). On Windows the runtime applies write and read grants per session, not per command,
 * so the session's grants are the union of the sandboxed servers' (see planSandboxLaunch).
 */
export class SandboxSession {
  private readonly declared = new Map<string, DeclaredPolicy[]>();
  private initializing: Promise<EngineConfig> | undefined;
  private config: EngineConfig | undefined;
  private programs: SandboxPrograms | undefined;
  private readonly running = new Map<string, Running>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly engine: SandboxEngine,
    private readonly options: {
      /** Where to look for bubblewrap, socat and ripgrep (Linux); PATH and system folders. */
      programDirs?: () => readonly string[];
    } = {},
  ) {}

  /**
   * The sandboxed servers one owner (a host core) has configured, for the session-wide parts
   * of the rules (denied hosts; Windows: the grants). Replaces what that owner said before.
   */
  declare(owner: string, policies: readonly DeclaredPolicy[]): void {
    this.declared.set(owner, [...policies]);
    if (!this.config || !this.engine.platform) return;
    const next = sessionConfig(this.engine.platform, this.allDeclared(), this.programs);
    // Windows grants change only through a new session (see launch); the lists apply now.
    this.config = { ...this.config, network: next.network };
    this.engine.updateConfig(this.config);
  }

  /**
   * Starts the runtime ahead of the first sandboxed start, which then finds it up (the load
   * and initialization overlap the login shell's lookup). A failure here is left for that start
   * to meet and report.
   */
  warmUp(policy: SandboxPolicy): void {
    if (this.config || this.initializing || !this.engine.platform) return;
    const fail = (reason: HostText): never => {
      throw new AppError(AppErrorCode.McpSpawnFailed, reason);
    };
    this.ready(policy, fail).catch(() => undefined);
  }

  /**
   * Wraps one server's start. Never falls back to an unsandboxed start.
   * @throws AppError(McpSpawnFailed) saying what is missing or what went wrong.
   */
  async launch(request: SandboxLaunchRequest): Promise<SandboxLaunch> {
    const platform = this.engine.platform;
    const fail = (reason: HostText): never => {
      throw new AppError(
        AppErrorCode.McpSpawnFailed,
        hostText('sandbox.notStarted', { name: request.serverName, reason }),
        { sandbox: true },
      );
    };
    if (!platform) {
      return fail(hostText('sandbox.unavailable.platform', { platform: process.platform }));
    }
    await this.ready(request.policy, fail);
    const plan = planSandboxLaunch(platform, request.policy, Object.keys(request.configuredEnv));
    const command = buildSandboxedCommand(platform, request.program, request.args, plan.variables);
    const commandId = randomBytes(16).toString('base64url');
    let argv: string[];
    try {
      ({ argv } = await this.engine.wrap({
        command: command.command,
        custom: plan.custom,
        commandId,
        binShell: command.binShell,
        cwd: request.cwd,
      }));
      if (request.policy.allowedDomains.length > 0) {
        this.engine.registerNetwork(commandId, request.policy.allowedDomains);
      }
    } catch (error) {
      throw new AppError(
        AppErrorCode.McpSpawnFailed,
        hostText('sandbox.badRule', { name: request.serverName, detail: messageOf(error) }),
        { sandbox: true },
      );
    }
    const running: Running = { onViolation: request.onViolation, released: false };
    const key = Buffer.from(commandId).toString('base64');
    this.running.set(key, running);
    const [file, ...args] =
      platform === 'windows' ? withWindowsEnv(argv, { ...plan.windowsEnv }) : argv;
    if (file === undefined) throw new AppError(AppErrorCode.Internal, 'empty sandbox command');
    return {
      file,
      args,
      env: { ...request.env, ...plan.variables },
      commandId,
      release: () => {
        if (running.released) return;
        running.released = true;
        this.engine.unregisterNetwork(commandId);
        this.engine.commandEnded();
        setTimeout(() => this.running.delete(key), LATE_VIOLATIONS_MS).unref();
      },
    };
  }

  /** Stops the runtime's proxies (quit). */
  async dispose(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    const wasUp = this.config !== undefined || this.initializing !== undefined;
    this.config = undefined;
    this.initializing = undefined;
    if (wasUp) await this.engine.reset();
  }

  /** Checks, then initializes the runtime once (again after a failure, or for new grants). */
  private async ready(policy: SandboxPolicy, fail: (reason: HostText) => never): Promise<void> {
    const platform = this.engine.platform;
    if (!platform) return;
    if (this.config && platform === 'windows' && !this.grantsCover(this.config, policy)) {
      if (this.liveLaunches() > 0) {
        const missing = policy.allowWrite.filter(
          (p) => !this.config?.filesystem.allowWrite.includes(p),
        );
        fail(hostText('sandbox.unavailable.windowsWriteFolders', { paths: missing.join(', ') }));
      }
      await this.dispose();
    }
    if (this.config) return;
    this.initializing ??= this.initialize(platform, policy).finally(() => {
      this.initializing = undefined;
    });
    try {
      this.config = await this.initializing;
    } catch (error) {
      if (error instanceof AppError)
        fail(error.text ?? hostText('foreign', { text: error.message }));
      fail(hostText('sandbox.unavailable.failed', { detail: messageOf(error) }));
    }
  }

  private async initialize(
    platform: NonNullable<SandboxEngine['platform']>,
    policy: SandboxPolicy,
  ): Promise<EngineConfig> {
    if (platform === 'linux') {
      const found = findSandboxPrograms(this.options.programDirs?.() ?? defaultProgramDirs());
      if (found.missing.length > 0) {
        throw new AppError(
          AppErrorCode.McpSpawnFailed,
          hostText('sandbox.unavailable.missing', { missing: joinWords(found.missing) }),
        );
      }
      this.programs = found.programs;
    }
    // The server starting now counts even if no owner declared it (a form's "Test").
    const config = sessionConfig(platform, [...this.allDeclared(), policy], this.programs);
    const check = await this.engine.checkDependencies(config);
    if (check.errors.length > 0) {
      const detail = check.errors.join('; ');
      throw new AppError(
        AppErrorCode.McpSpawnFailed,
        platform === 'windows'
          ? hostText('sandbox.unavailable.windowsSetup', { detail })
          : hostText('sandbox.unavailable.failed', { detail }),
      );
    }
    await this.engine.initialize(config);
    this.unsubscribe ??= this.engine.onViolation((violation) => this.route(violation));
    return config;
  }

  private route(violation: RawViolation): void {
    const running = violation.encodedCommand
      ? this.running.get(violation.encodedCommand)
      : undefined;
    running?.onViolation(violation);
  }

  private grantsCover(config: EngineConfig, policy: SandboxPolicy): boolean {
    const granted = new Set(
      [...config.filesystem.allowWrite, ...(config.filesystem.allowRead ?? [])].map(pathOf),
    );
    return [...policy.allowWrite, ...policy.allowRead].every((p) => granted.has(p));
  }

  private liveLaunches(): number {
    return [...this.running.values()].filter((r) => !r.released).length;
  }

  private allDeclared(): DeclaredPolicy[] {
    return [...this.declared.values()].flat();
  }
}

function pathOf(entry: string | { path: string }): string {
  return typeof entry === 'string' ? entry : entry.path;
}

/** "a", "a and b", "a, b and c", in the reader's language. */
function joinWords(words: readonly string[]): string | HostText {
  const last = words[words.length - 1] ?? '';
  if (words.length <= 1) return last;
  return hostText('config.both', { first: words.slice(0, -1).join(', '), second: last });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
