import type { ServerCost, ServerCosts } from '../../../../shared/domain/serverCosts';
import { GrowthWatch } from './GrowthWatch';
import { treeOf, type ReadProcessTable } from './ProcessRow';

/** A running local server: its name and the process the host started. */
export interface CostTarget {
  server: string;
  pid: number;
}

export interface ServerCostSamplerOptions {
  /** The platform's process table; absent where none can be read. */
  readTable: ReadProcessTable | undefined;
  now?: () => number;
  /** The host's own resident memory. */
  hostRss?: () => number;
  /** Samples closer together than this reuse the last one (reading the table costs something). */
  minIntervalMs?: number;
  /** A server's memory started growing without bound (said once per process). */
  onGrowing?: (server: string, cost: ServerCost) => void;
}

/**
 * What running servers cost: memory and CPU of each one's whole process tree, measured only
 * when asked (a window asks while a screen shows it; nothing runs between requests). CPU is
 * the tree's CPU time since the previous sample over the wall time between them.
 */
export class ServerCostSampler {
  private readonly now: () => number;
  private readonly growth = new GrowthWatch();
  private previous = new Map<string, { pid: number; at: number; cpuMs: number }>();
  private last: { at: number; costs: ServerCosts } | undefined;
  private pending: Promise<ServerCosts> | undefined;
  private readonly warned = new Set<string>();

  constructor(private readonly options: ServerCostSamplerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** One sample of these servers (a sample in flight is shared). */
  sample(targets: readonly CostTarget[]): Promise<ServerCosts> {
    const last = this.last;
    if (last && this.now() - last.at < (this.options.minIntervalMs ?? 500)) {
      return Promise.resolve(last.costs);
    }
    this.pending ??= this.measure(targets).finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async measure(targets: readonly CostTarget[]): Promise<ServerCosts> {
    const host = { rssBytes: this.options.hostRss?.() ?? process.memoryUsage.rss() };
    const read = this.options.readTable;
    if (!read) {
      return { at: this.now(), servers: [], host, unavailable: process.platform };
    }
    const table = await read(targets.map((t) => t.pid));
    const at = this.now();
    const next = new Map<string, { pid: number; at: number; cpuMs: number }>();
    const servers = targets.map((target): ServerCost => {
      const tree = treeOf(target.pid, table);
      const rssBytes = tree.reduce((sum, row) => sum + row.rssBytes, 0);
      const cpuMs = tree.reduce((sum, row) => sum + row.cpuMs, 0);
      const before = this.previous.get(target.server);
      next.set(target.server, { pid: target.pid, at, cpuMs });
      const elapsed = before && before.pid === target.pid ? at - before.at : 0;
      const cost: ServerCost = {
        server: target.server,
        pid: target.pid,
        processes: tree.length,
        rssBytes,
        ...(before && elapsed > 0
          ? { cpuPercent: (Math.max(0, cpuMs - before.cpuMs) / elapsed) * 100 }
          : {}),
        growing: this.growth.add(target.server, target.pid, at, rssBytes),
      };
      const key = `${target.server}:${target.pid}`;
      if (cost.growing && !this.warned.has(key)) {
        this.warned.add(key);
        this.options.onGrowing?.(target.server, cost);
      }
      return cost;
    });
    this.previous = next;
    this.growth.keep(new Set(targets.map((t) => t.server)));
    const costs = { at, servers, host };
    this.last = { at, costs };
    return costs;
  }
}
