/** One process as the system's process table shows it, as much as servers' costs need. */
export interface ProcessRow {
  pid: number;
  ppid: number;
  /** Process group (Linux: session) where the system says; a server's tree shares it. */
  group?: number;
  /** Resident memory, bytes. */
  rssBytes: number;
  /** CPU time used so far (user + system), milliseconds. */
  cpuMs: number;
}

/** Reads the process table (or the part of it that matters for these roots). */
export type ReadProcessTable = (roots: readonly number[]) => Promise<ProcessRow[]>;

/**
 * The processes of the tree rooted at `root`: itself, its descendants, and processes left in
 * its group after their parent exited (a wrapper such as `npx` that started the real server).
 */
export function treeOf(root: number, table: readonly ProcessRow[]): ProcessRow[] {
  const children = new Map<number, ProcessRow[]>();
  for (const row of table) {
    const list = children.get(row.ppid) ?? [];
    list.push(row);
    children.set(row.ppid, list);
  }
  const found = new Map<number, ProcessRow>();
  const visit = (pid: number): void => {
    for (const child of children.get(pid) ?? []) {
      if (found.has(child.pid)) continue;
      found.set(child.pid, child);
      visit(child.pid);
    }
  };
  for (const row of table) {
    if (row.pid === root || row.group === root) {
      if (!found.has(row.pid)) found.set(row.pid, row);
      visit(row.pid);
    }
  }
  return [...found.values()];
}
