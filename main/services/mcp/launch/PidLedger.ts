import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Logger } from '../../../platform/Logger';
import { writeFileAtomic } from '../../../platform/writeFileAtomic';
import { isProcessAlive, isProcessGroupAlive } from './isProcessAlive';
import { killProcessGroup } from './killProcessGroup';
import { readProcessIdentity, sameProcess, type ProcessIdentity } from './readProcessIdentity';
import { taskkillTree } from './taskkillTree';

const identitySchema = z.object({ start: z.string(), cmdline: z.string().optional() });

const entrySchema = z.object({
  pid: z.number().int().positive(),
  pgid: z.number().int().positive(),
  server: z.string(),
  command: z.string(),
  startedAt: z.string(),
  hostPid: z.number().int().positive(),
  identity: identitySchema.optional(),
  hostIdentity: identitySchema.optional(),
});

const fileSchema = z.object({ version: z.literal(1), entries: z.array(entrySchema) });

/** One spawned server as recorded in the ledger. */
export type PidLedgerEntry = z.infer<typeof entrySchema>;

/** What the caller knows at spawn time; the ledger adds host and process identities. */
export type PidLedgerRecord = Pick<PidLedgerEntry, 'pid' | 'pgid' | 'server' | 'command'> & {
  startedAt?: string;
};

/** Why {@link PidLedger.reapLeftovers} left an entry alone. */
export type ReapSkipReason =
  /** The run that spawned it is still running (another window, or this run). */
  | 'host-alive'
  /** Nothing of it is left. */
  | 'gone'
  /** The PID now belongs to a different process: never touched. */
  | 'not-ours'
  /** The platform cannot tell whether the PID is still ours (Windows): not touched. */
  | 'unverifiable'
  /** Signals were sent but something survived. */
  | 'kill-failed';

/** Result of {@link PidLedger.reapLeftovers}. */
export interface ReapReport {
  reaped: PidLedgerEntry[];
  skipped: { entry: PidLedgerEntry; reason: ReapSkipReason }[];
}

/** A change to the ledger waiting to be written. */
type LedgerChange = { add: Promise<PidLedgerEntry> } | { remove: number };

/** Options of a {@link PidLedger}. */
export interface PidLedgerOptions {
  /** The JSON file (in the app's data directory). */
  file: string;
  logger?: Logger;
  platform?: NodeJS.Platform;
  /** SIGTERM→SIGKILL grace when reaping. Default 1000 ms. */
  graceMs?: number;
  /** The run recorded as owner of new entries. Default `process.pid`; tests simulate other runs. */
  hostPid?: number;
}

/**
 * A crash-safe record of the server processes this app started, so that processes a crashed
 * or killed run left behind are found and ended at the next launch. Entries carry the host's
 * PID and the process's identity (start time), and a leftover is only killed when its host is
 * gone and the PID still names the same process — never a reused, unrelated PID.
 * Every operation is serialised, never rejects, and logs its own failures; records and
 * removals made together share a write.
 */
export class PidLedger {
  private readonly file: string;
  private readonly logger: Logger | undefined;
  private readonly platform: NodeJS.Platform;
  private readonly graceMs: number;
  private readonly hostPid: number;
  private tail: Promise<unknown> = Promise.resolve();
  private hostIdentity: Promise<ProcessIdentity | undefined> | undefined;
  /** Changes waiting for the next write (see {@link change}). */
  private batch: { changes: LedgerChange[]; written: Promise<void> } | undefined;

  constructor(options: PidLedgerOptions) {
    this.file = options.file;
    this.logger = options.logger;
    this.platform = options.platform ?? process.platform;
    this.graceMs = options.graceMs ?? 1000;
    this.hostPid = options.hostPid ?? process.pid;
  }

  /** Records a freshly spawned server. */
  record(record: PidLedgerRecord): Promise<void> {
    return this.change({ add: this.entryOf(record) });
  }

  /** Forgets a server whose process tree is gone. */
  remove(pid: number): Promise<void> {
    return this.change({ remove: pid });
  }

  /** The entry for a record, with the process's and the host's identities. */
  private async entryOf(record: PidLedgerRecord): Promise<PidLedgerEntry> {
    const identity = await readProcessIdentity(record.pid, this.platform);
    this.hostIdentity ??= readProcessIdentity(this.hostPid, this.platform);
    const hostIdentity = await this.hostIdentity;
    return {
      ...record,
      startedAt: record.startedAt ?? new Date().toISOString(),
      hostPid: this.hostPid,
      ...(identity && { identity }),
      ...(hostIdentity && { hostIdentity }),
    };
  }

  /**
   * Queues a change; resolves once it is on disk. Changes made before a write starts go into
   * that write, in the order they were made: thirty servers starting together make a few
   * read-and-write rounds of the file, not thirty one after another (each two fsyncs).
   */
  private change(change: LedgerChange): Promise<void> {
    if (!this.batch) {
      const changes: LedgerChange[] = [];
      const written = this.serialise(
        'update',
        async () => {
          // From here on, changes go into the next write.
          this.batch = undefined;
          const before = await this.read();
          let entries = before;
          for (const next of changes) {
            if ('remove' in next) {
              // A pid that is not in leaves the entries (and the file) as they are.
              if (entries.some((entry) => entry.pid === next.remove)) {
                entries = entries.filter((entry) => entry.pid !== next.remove);
              }
            } else {
              const entry = await next.add;
              entries = [...entries.filter((existing) => existing.pid !== entry.pid), entry];
            }
          }
          if (entries !== before) await this.write(entries);
        },
        undefined,
      );
      this.batch = { changes, written };
    }
    this.batch.changes.push(change);
    return this.batch.written;
  }

  /** The current entries (for diagnostics and tests). */
  list(): Promise<PidLedgerEntry[]> {
    return this.serialise('list', () => this.read(), []);
  }

  /**
   * At launch: ends the process groups of entries whose host run is gone, after checking each
   * is still the process that was recorded. Entries of live hosts are kept; all others are
   * dropped from the ledger. Returns what was reaped and what was left alone, and why.
   */
  reapLeftovers(): Promise<ReapReport> {
    const empty: ReapReport = { reaped: [], skipped: [] };
    return this.serialise(
      'reap',
      async () => {
        const report: ReapReport = { reaped: [], skipped: [] };
        const kept: PidLedgerEntry[] = [];
        for (const entry of await this.read()) {
          if (await this.hostAlive(entry)) {
            kept.push(entry);
            report.skipped.push({ entry, reason: 'host-alive' });
            continue;
          }
          const outcome = await this.reapEntry(entry);
          if (outcome === 'reaped') report.reaped.push(entry);
          else report.skipped.push({ entry, reason: outcome });
        }
        await this.write(kept);
        if (report.reaped.length > 0) {
          this.logger?.warn('ended server processes left behind by an earlier run', {
            servers: report.reaped.map((entry) => ({ server: entry.server, pid: entry.pid })),
          });
        }
        return report;
      },
      empty,
    );
  }

  private async hostAlive(entry: PidLedgerEntry): Promise<boolean> {
    if (!isProcessAlive(entry.hostPid)) return false;
    if (!entry.hostIdentity) return true;
    const current = await readProcessIdentity(entry.hostPid, this.platform);
    // A live PID with a different start time is a reused PID: the recorded host is gone.
    return current === undefined || sameProcess(entry.hostIdentity, current);
  }

  private async reapEntry(entry: PidLedgerEntry): Promise<'reaped' | ReapSkipReason> {
    const windows = this.platform === 'win32';
    if (isProcessAlive(entry.pid)) {
      const current = await readProcessIdentity(entry.pid, this.platform);
      if (!entry.identity || !current) return 'unverifiable';
      if (!sameProcess(entry.identity, current)) return 'not-ours';
      if (windows) return (await taskkillTree(entry.pid)) ? 'reaped' : 'kill-failed';
      return (await killProcessGroup(entry.pgid, { graceMs: this.graceMs }))
        ? 'reaped'
        : 'kill-failed';
    }
    // The leader is gone. On POSIX its group id cannot be reused while any member lives, so
    // a live group with that id is the leftover children of the recorded process.
    if (windows || !isProcessGroupAlive(entry.pgid)) return 'gone';
    return (await killProcessGroup(entry.pgid, { graceMs: this.graceMs }))
      ? 'reaped'
      : 'kill-failed';
  }

  private async read(): Promise<PidLedgerEntry[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return [];
    }
    try {
      return fileSchema.parse(JSON.parse(text)).entries;
    } catch (error) {
      this.logger?.warn('PID ledger unreadable; starting a new one', { error });
      return [];
    }
  }

  private write(entries: PidLedgerEntry[]): Promise<void> {
    return writeFileAtomic(
      this.file,
      `${JSON.stringify({ version: 1, entries }, null, 2)}\n`,
      0o600,
    );
  }

  private serialise<T>(operation: string, run: () => Promise<T>, fallback: T): Promise<T> {
    const result = this.tail.then(run).catch((error: unknown) => {
      this.logger?.warn(`PID ledger ${operation} failed`, { error });
      return fallback;
    });
    this.tail = result;
    return result;
  }
}
