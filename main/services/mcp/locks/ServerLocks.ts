import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../../platform/Logger';
import { serverFileName } from '../serverFileName';
import { isProcessAlive } from '../launch/isProcessAlive';
import {
  readProcessIdentity,
  sameProcess,
  type ProcessIdentity,
} from '../launch/readProcessIdentity';

/** Which kind of Switchboard process holds a server (for the person: where to look). */
export const lockShellSchema = z.enum(['electron', 'web', 'cli', 'other']);
export type LockShell = z.infer<typeof lockShellSchema>;

const lockFileSchema = z.object({
  version: z.literal(1),
  server: z.string(),
  pid: z.number().int().positive(),
  /** The owner's start identity (see readProcessIdentity); absent where none can be read. */
  start: z.string().optional(),
  shell: lockShellSchema,
  since: z.number(),
});

/** The process that runs a server, as its lock file says. */
export type LockOwner = z.infer<typeof lockFileSchema>;

/** The answer to {@link ServerLocks.acquire}. */
export type LockResult = { ok: true } | { ok: false; owner: LockOwner };

/** A takeover marker older than this was left by a process that died while taking over. */
const TAKEOVER_STALE_MS = 10_000;
const ATTEMPTS = 20;

export interface ServerLocksOptions {
  /** `<data>/locks`. */
  dir: string;
  shell: LockShell;
  log: Logger;
  /** This process (tests pretend to be others). */
  pid?: number;
  /** Reads a process's identity; the launch layer's by default. */
  identify?: (pid: number) => Promise<ProcessIdentity | undefined>;
  /** Whether a PID names a live process, where no identity can be read (Windows). */
  alive?: (pid: number) => boolean;
  now?: () => number;
}

/**
 * One process per data folder runs a given local server: each running server has a lock file
 * `<data>/locks/<server>.lock` naming the process that runs it (pid, its start identity, which
 * shell). A lock whose process is gone (or whose PID now names another process) is stale and
 * taken over; a live one is reported with its owner, and the server is not started a second
 * time. Files are created whole (written aside, then hard-linked into place), so a reader never
 * sees a half-written lock; a stale one is removed under a takeover marker (`mkdir`), so two
 * processes cannot both remove and re-create it.
 */
export class ServerLocks {
  private readonly pid: number;
  private readonly identify: (pid: number) => Promise<ProcessIdentity | undefined>;
  private readonly alive: (pid: number) => boolean;
  private readonly now: () => number;
  private self: Promise<ProcessIdentity | undefined> | undefined;
  private readonly heldNames = new Set<string>();

  constructor(private readonly options: ServerLocksOptions) {
    this.pid = options.pid ?? process.pid;
    this.identify = options.identify ?? ((pid) => readProcessIdentity(pid));
    this.alive = options.alive ?? isProcessAlive;
    this.now = options.now ?? Date.now;
  }

  /** Takes the server's lock for this process, or says which live process holds it. */
  async acquire(server: string): Promise<LockResult> {
    const path = this.fileOf(server);
    await mkdir(this.options.dir, { recursive: true });
    const mine = await this.record(server);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (await this.create(path, mine)) {
        this.heldNames.add(server);
        return { ok: true };
      }
      const current = await this.read(path);
      if (current === 'gone') continue;
      if (current !== 'unreadable' && this.isMine(current, mine)) {
        this.heldNames.add(server);
        return { ok: true };
      }
      if (current !== 'unreadable' && (await this.isLive(current))) {
        return { ok: false, owner: current };
      }
      await this.removeStale(path, current);
    }
    throw new Error(`could not take the lock of ${server}`);
  }

  /** Gives the lock back if this process holds it. */
  async release(server: string): Promise<void> {
    if (!this.heldNames.delete(server)) return;
    const path = this.fileOf(server);
    const current = await this.read(path);
    if (current === 'gone' || current === 'unreadable') return;
    if (current.pid === this.pid) await unlink(path).catch(() => undefined);
  }

  /** The live process other than this one that holds the server, if any. */
  async owner(server: string): Promise<LockOwner | undefined> {
    const current = await this.read(this.fileOf(server));
    if (current === 'gone' || current === 'unreadable' || current.pid === this.pid)
      return undefined;
    return (await this.isLive(current)) ? current : undefined;
  }

  /** The servers whose locks this process holds. */
  held(): string[] {
    return [...this.heldNames];
  }

  private async record(server: string): Promise<LockOwner> {
    this.self ??= this.identify(this.pid);
    const identity = await this.self;
    return {
      version: 1,
      server,
      pid: this.pid,
      ...(identity ? { start: identity.start } : {}),
      shell: this.options.shell,
      since: this.now(),
    };
  }

  /** Creates the lock with its content in one step; false when one exists. */
  private async create(path: string, record: LockOwner): Promise<boolean> {
    const temp = `${path}.${this.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, JSON.stringify(record) + '\n', { mode: 0o600 });
    try {
      await link(temp, path);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  private async read(path: string): Promise<LockOwner | 'gone' | 'unreadable'> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
      throw error;
    }
    try {
      const parsed = lockFileSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : 'unreadable';
    } catch {
      return 'unreadable';
    }
  }

  private isMine(owner: LockOwner, mine: LockOwner): boolean {
    return owner.pid === mine.pid && owner.start === mine.start;
  }

  /** The owner still runs: same PID and same start identity (where one can be read). */
  private async isLive(owner: LockOwner): Promise<boolean> {
    if (owner.start === undefined) return this.alive(owner.pid);
    const identity = await this.identify(owner.pid);
    if (!identity) return false;
    return sameProcess({ start: owner.start }, identity);
  }

  /** Removes a stale (or unreadable) lock, unless someone else is replacing it right now. */
  private async removeStale(path: string, seen: LockOwner | 'unreadable'): Promise<void> {
    const marker = `${path}.takeover`;
    try {
      await mkdir(marker);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(marker).then(
        (s) => this.now() - s.mtimeMs,
        () => 0,
      );
      if (age > TAKEOVER_STALE_MS) await rmdir(marker).catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, 25));
      return;
    }
    try {
      // Still the lock judged stale? Another process may have replaced it meanwhile.
      const current = await this.read(path);
      const same =
        current === seen ||
        (current !== 'gone' &&
          current !== 'unreadable' &&
          seen !== 'unreadable' &&
          current.pid === seen.pid &&
          current.since === seen.since);
      if (same) {
        this.options.log.info('took over a stale server lock', {
          file: path,
          ...(seen !== 'unreadable' ? { pid: seen.pid } : {}),
        });
        await rm(path, { force: true });
      }
    } finally {
      await rmdir(marker).catch(() => undefined);
    }
  }

  private fileOf(server: string): string {
    return join(this.options.dir, serverFileName(server, '.lock'));
  }
}
