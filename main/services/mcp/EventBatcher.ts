/**
 * Collects items per key and flushes them together after a short delay, so a chatty server
 * (logs, traffic) costs one IPC message per interval instead of one per line.
 */
export class EventBatcher<T> {
  private readonly pending = new Map<string, T[]>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly flushTo: (key: string, items: T[]) => void,
    private readonly delayMs = 100,
    private readonly maxBatch = 500,
  ) {}

  add(key: string, item: T): void {
    const list = this.pending.get(key) ?? [];
    list.push(item);
    this.pending.set(key, list);
    if (list.length >= this.maxBatch) this.flushKey(key);
    else this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const key of [...this.pending.keys()]) this.flushKey(key);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private flushKey(key: string): void {
    const items = this.pending.get(key);
    this.pending.delete(key);
    if (items && items.length > 0) this.flushTo(key, items);
  }
}
