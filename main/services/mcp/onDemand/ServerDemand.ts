import { join } from 'node:path';
import type { ServerConfig, ServerStart } from '../../../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';
import type { Logger } from '../../../platform/Logger';
import { ServerLocks, type LockOwner, type LockShell } from '../locks/ServerLocks';
import { diffDefinitions, noChanges } from '../remembered/diffDefinitions';
import type { Learned } from '../remembered/RememberedLists';
import { RememberedLists } from '../remembered/RememberedLists';
import type { ServerSupervisor } from '../supervisor/ServerSupervisor';
import { IdleTracker, type KeepAlive } from './IdleTracker';
import { appErrorCode, whenSettled } from './whenSettled';

/**
 * Which servers a process starts when it loads the servers file: `configured` (the app and the
 * web shell: entries marked `"start": "launch"`, and those whose list is not remembered yet),
 * `unremembered` (CLI `tools` and `chat`: only those it must connect to learn their lists), or
 * `all` (CLI `servers`, `call` and the like, which are about the servers themselves).
 */
export type LaunchMode = 'configured' | 'unremembered' | 'all';

export interface ServerDemandOptions {
  dataDir: string;
  log: Logger;
  /** Which kind of process this is, written into the locks it takes. */
  shell: LockShell;
  launch: LaunchMode;
  /** The `idleMinutes` setting (an entry's own value wins). */
  idleMinutes: () => number;
  /** The clock idle times are measured with. */
  now?: () => number;
  /** How often idle servers are looked for; 0 = only when {@link ServerDemand.sweep} is called. */
  sweepMs?: number;
  /** Servers running here (the registry's supervisors). */
  running: () => readonly ServerSupervisor[];
}

/**
 * A server just connected is asked for its prompts and templates this long after it is ready,
 * so the first requests it gets are those of whoever needed it (a short run asks at its end).
 */
const LEARN_DELAY_MS = 500;

/** A failed start younger than this is not tried again by the next use. */
const RECENT_FAILURE_MS = 10_000;

/** When and how long an entry's server runs: what its entry says about it. */
type Policy = Pick<ServerConfig, 'start' | 'idleMinutes'>;

/**
 * Servers on demand: the lists remembered per entry (learned whenever this process connects a
 * server), which servers start at launch and which wait until first needed, starting one and
 * waiting for it, stopping those unused for their idle time, and the per-server locks that keep
 * a local server from running twice on one data folder.
 */
export class ServerDemand {
  readonly lists: RememberedLists;
  readonly locks: ServerLocks;
  private readonly idle: IdleTracker;
  private readonly now: () => number;
  private readonly policies = new Map<string, Policy>();
  private readonly keepAlives: KeepAlive[] = [];
  private readonly launching = new Map<ServerSupervisor, Promise<void>>();
  /** Servers asked for before the servers file was loaded: they start as soon as they are set going. */
  private readonly needed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** Lists being learned right now (a short run waits for them before it stops its servers). */
  private readonly learning = new Set<Promise<void>>();
  /** Learning scheduled for servers that just connected. */
  private readonly toLearn = new Map<ServerSupervisor, NodeJS.Timeout>();

  constructor(private readonly options: ServerDemandOptions) {
    this.now = options.now ?? Date.now;
    this.lists = new RememberedLists({
      dir: join(options.dataDir, 'remembered'),
      log: options.log.child('remembered'),
      now: this.now,
    });
    this.locks = new ServerLocks({
      dir: join(options.dataDir, 'locks'),
      shell: options.shell,
      log: options.log.child('locks'),
      now: this.now,
    });
    this.idle = new IdleTracker(this.now);
    const every = options.sweepMs ?? 30_000;
    if (every > 0) {
      this.timer = setInterval(() => void this.sweep(), every);
      this.timer.unref();
    }
  }

  /** Reads the remembered lists (before the first servers are set going). */
  load(): Promise<void> {
    return this.lists.load();
  }

  /** Keeps the entries' start and idle keys; returns the configs without them for the registry. */
  configure(configs: readonly ServerConfig[]): ServerConfig[] {
    this.policies.clear();
    return configs.map(({ start, idleMinutes, ...config }) => {
      this.policies.set(config.name, {
        ...(start ? { start } : {}),
        ...(idleMinutes !== undefined ? { idleMinutes } : {}),
      });
      return config;
    });
  }

  /** Adds what says a server is in use (subscriptions, tasks, open Apps): such a one is never idle. */
  keepAlive(predicate: KeepAlive): void {
    this.keepAlives.push(predicate);
  }

  /**
   * Sets a new supervisor going: with its remembered list, then started now or left waiting
   * (`remembered`) until first needed. `wasRunning`: it ran before a config change replaced it.
   */
  begin(supervisor: ServerSupervisor, wasRunning: boolean): void {
    const list = this.lists.get(supervisor.config);
    supervisor.remember(list);
    if (supervisor.config.disabled) return;
    const needed = this.needed.delete(supervisor.config.name);
    if (wasRunning || needed || this.startsAtLaunch(supervisor.config.name, list !== undefined)) {
      void this.launch(supervisor).catch(() => undefined);
    } else {
      void supervisor.park();
    }
  }

  /**
   * Starts the server if it is not running and waits until it is ready. Rejects with why it
   * could not start (another process runs it, the start failed, it needs a sign-in, it is
   * disabled), or when `signal` aborts.
   */
  async use(supervisor: ServerSupervisor, signal?: AbortSignal): Promise<void> {
    const name = supervisor.config.name;
    this.idle.touch(name);
    const status = supervisor.status;
    if (status.kind === 'ready') return;
    if (status.kind === 'disabled') {
      throw new AppError(AppErrorCode.Validation, hostText('mcp.disabled', { name }));
    }
    // A start that failed moments ago is the answer (a CLI command just waited for it); an
    // older failure, or another process holding it then, is worth another try, and a retry
    // waiting out its backoff is made now.
    const retry =
      status.kind === 'restarting' ||
      (status.kind === 'error' &&
        (appErrorCode(status.failure.code) === AppErrorCode.McpOwnedElsewhere ||
          this.now() - status.failure.at > RECENT_FAILURE_MS));
    if (status.kind === 'remembered' || status.kind === 'stopped' || retry) {
      await this.startOnDemand(supervisor, retry, signal);
    } else {
      await whenSettled(supervisor, signal);
    }
  }

  /** A server that is not configured yet (the file is loading) starts once it is. */
  need(name: string): void {
    this.needed.add(name);
  }

  /** Starts the server if it waits to be needed; returns at once. */
  wake(supervisor: ServerSupervisor): void {
    if (['remembered', 'stopped'].includes(supervisor.status.kind) && !supervisor.config.disabled) {
      void this.startOnDemand(supervisor, false).catch(() => undefined);
    }
  }

  /**
   * Starts a server something needs now and waits for it. A start that fails is not retried in
   * the background, as a server started with the host is: nobody waits for it any more, and the
   * next use tries again.
   */
  private async startOnDemand(
    supervisor: ServerSupervisor,
    fresh: boolean,
    signal?: AbortSignal,
  ): Promise<void> {
    await this.launch(supervisor, fresh);
    try {
      await whenSettled(supervisor, signal);
    } catch (error) {
      await supervisor.giveUp();
      throw error;
    }
  }

  /** Watches a supervisor: learns its lists when it connects, tracks its use, frees its lock. */
  attach(supervisor: ServerSupervisor): (() => void)[] {
    const name = supervisor.config.name;
    return [
      supervisor.onDidChangeStatus((status) => {
        if (status.kind === 'ready') {
          this.idle.started(name);
          this.scheduleLearning(supervisor);
        } else if (
          ['error', 'needs-sign-in', 'stopped', 'remembered', 'disabled'].includes(status.kind)
        ) {
          this.idle.forget(name);
          void this.locks
            .release(name)
            .catch((error: unknown) =>
              this.options.log.warn('could not release a server lock', { server: name, error }),
            );
        }
      }),
      supervisor.onTraffic((entry) => this.idle.traffic(name, entry)),
      supervisor.onDidChangeTools((tools) => {
        // Only a live list: stopping clears the tools before the status says so.
        if (supervisor.status.kind === 'ready' && supervisor.info) {
          void this.learn(supervisor, { tools });
        }
      }),
      supervisor.onDidChangeList((list) => void this.learnList(supervisor, list)),
    ];
  }

  /**
   * Waits (at most `ms`) for lists being learned, so a short run (a CLI command) leaves what it
   * learned for the next one before it stops its servers.
   */
  async learned(ms = 2_000): Promise<void> {
    for (const [supervisor, timer] of this.toLearn) {
      clearTimeout(timer);
      this.track(this.learnAll(supervisor));
    }
    this.toLearn.clear();
    if (this.learning.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    await Promise.race([Promise.all(this.learning), bound]);
    clearTimeout(timer);
  }

  private scheduleLearning(supervisor: ServerSupervisor): void {
    clearTimeout(this.toLearn.get(supervisor));
    const timer = setTimeout(() => {
      this.toLearn.delete(supervisor);
      this.track(this.learnAll(supervisor));
    }, LEARN_DELAY_MS);
    timer.unref();
    this.toLearn.set(supervisor, timer);
  }

  private track(learning: Promise<void>): void {
    this.learning.add(learning);
    void learning.finally(() => this.learning.delete(learning));
  }

  /** Stops every running server that went unused for its idle time (returns their names). */
  async sweep(): Promise<string[]> {
    const idle = this.options
      .running()
      .filter(
        (s) =>
          s.status.kind === 'ready' &&
          s.remembered !== undefined &&
          this.idle.isIdle(
            s.config.name,
            this.idleMinutesOf(s.config.name),
            this.inUse(s.config.name),
          ),
      );
    await Promise.all(idle.map((s) => s.park(this.now())));
    return idle.map((s) => s.config.name);
  }

  /** The live process that runs this server instead of this one, if any. */
  ownerOf(name: string): Promise<LockOwner | undefined> {
    return this.locks.owner(name);
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    for (const timer of this.toLearn.values()) clearTimeout(timer);
    this.toLearn.clear();
  }

  private startsAtLaunch(name: string, remembered: boolean): boolean {
    switch (this.options.launch) {
      case 'all':
        return true;
      case 'unremembered':
        return !remembered;
      case 'configured':
        return !remembered || this.startOf(name) === 'launch';
    }
  }

  private startOf(name: string): ServerStart | undefined {
    return this.policies.get(name)?.start;
  }

  private idleMinutesOf(name: string): number {
    const policy = this.policies.get(name);
    if (policy?.idleMinutes !== undefined) return policy.idleMinutes;
    // A server meant to run from launch stays, as servers always did, unless its entry says so.
    return policy?.start === 'launch' ? 0 : this.options.idleMinutes();
  }

  /** Whether something keeps the server in use (subscriptions, tasks, open Apps): never idle. */
  inUse(name: string): boolean {
    return this.keepAlives.some((alive) => {
      try {
        return alive(name);
      } catch (error) {
        this.options.log.warn('keep-alive check failed', { server: name, error });
        return true;
      }
    });
  }

  /** Whether a start of this server is being set going (its lock being taken). */
  isLaunching(supervisor: ServerSupervisor): boolean {
    return this.launching.has(supervisor);
  }

  /** Gives back the locks of servers no longer run here (removed, or the process ends). */
  async releaseExcept(running: ReadonlySet<string>): Promise<void> {
    await Promise.all(
      this.locks
        .held()
        .filter((name) => !running.has(name))
        .map((name) => this.locks.release(name)),
    );
  }

  /**
   * Takes the server's lock (local servers) and starts it, or with `fresh` restarts it (earlier
   * failures forgotten); one launch at a time per server.
   */
  launch(supervisor: ServerSupervisor, fresh = false): Promise<void> {
    const running = this.launching.get(supervisor);
    if (running) return running;
    const launch = (async () => {
      if (supervisor.config.transport === 'stdio') {
        const lock = await this.locks.acquire(supervisor.config.name);
        if (!lock.ok) {
          const error = ownedElsewhere(supervisor.config.name, lock.owner);
          supervisor.refuse(error);
          throw error;
        }
      }
      if (fresh) await supervisor.restart();
      else supervisor.start();
    })().finally(() => this.launching.delete(supervisor));
    this.launching.set(supervisor, launch);
    return launch;
  }

  private async learnAll(supervisor: ServerSupervisor): Promise<void> {
    let session;
    try {
      session = supervisor.ready();
    } catch {
      return;
    }
    const info = session.info;
    const caps = info?.capabilities;
    const tools = supervisor.tools;
    // One after the other: a server's own log then reads in a stable order.
    const resourceTemplates = caps?.resources
      ? await session.listResourceTemplates().catch(() => undefined)
      : [];
    const prompts = caps?.prompts ? await session.listPrompts().catch(() => undefined) : [];
    // Stopped or restarted meanwhile: what a closing session answered is not worth keeping.
    if (supervisor.info !== info) return;
    await this.learn(supervisor, {
      tools,
      ...(prompts ? { prompts } : {}),
      ...(resourceTemplates ? { resourceTemplates } : {}),
      serverInfo: info?.serverInfo,
      ...(info ? { protocolVersion: info.protocolVersion, instructions: info.instructions } : {}),
      ...(caps ? { capabilities: caps } : {}),
    });
  }

  private async learnList(
    supervisor: ServerSupervisor,
    list: 'prompts' | 'resources',
  ): Promise<void> {
    if (supervisor.status.kind !== 'ready') return;
    const session = supervisor.ready();
    try {
      if (list === 'prompts')
        await this.learn(supervisor, { prompts: await session.listPrompts() });
      else
        await this.learn(supervisor, { resourceTemplates: await session.listResourceTemplates() });
    } catch {
      // A list it cannot give now is kept as remembered.
    }
  }

  /** Keeps what was learned; says in the server's log what changed since it was remembered. */
  private async learn(supervisor: ServerSupervisor, learned: Learned): Promise<void> {
    const before = supervisor.remembered;
    try {
      const list = await this.lists.learn(supervisor.config, learned);
      // Still the same server (not replaced or disposed meanwhile).
      supervisor.remember(list);
      if (!before) return;
      for (const kind of ['tools', 'prompts', 'resourceTemplates'] as const) {
        const changes = diffDefinitions(before.digests[kind], list.digests[kind]);
        if (noChanges(changes)) continue;
        const parts = [
          changes.changed.length ? `changed ${changes.changed.join(', ')}` : '',
          changes.added.length ? `added ${changes.added.join(', ')}` : '',
          changes.removed.length ? `removed ${changes.removed.join(', ')}` : '',
        ].filter(Boolean);
        supervisor.report('info', `${kind} differ from those remembered: ${parts.join('; ')}`);
      }
    } catch (error) {
      this.options.log.warn('could not remember a server’s lists', {
        server: supervisor.config.name,
        error,
      });
    }
  }
}

/** The error a start gets when another process runs the server. */
export function ownedElsewhere(name: string, owner: LockOwner): AppError {
  return new AppError(
    AppErrorCode.McpOwnedElsewhere,
    hostText('onDemand.ownedElsewhere', {
      name,
      owner: hostText(`onDemand.owner.${owner.shell}`),
      pid: owner.pid,
    }),
    { owner },
  );
}
