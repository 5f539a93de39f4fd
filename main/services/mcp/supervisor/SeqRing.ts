/** A bounded, ordered buffer whose entries carry increasing sequence numbers. */
export class SeqRing<T extends { seq: number }> {
  private readonly items: T[] = [];
  private next = 1;

  constructor(private readonly capacity: number) {}

  /** Adds an entry built with the next sequence number; drops the oldest past capacity. */
  push(build: (seq: number) => T): T {
    const item = build(this.next++);
    this.items.push(item);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
    return item;
  }

  /** Entries after `sinceSeq` (all when omitted), oldest first. */
  since(sinceSeq = 0): T[] {
    if (sinceSeq <= 0) return [...this.items];
    const first = this.items.findIndex((item) => item.seq > sinceSeq);
    return first < 0 ? [] : this.items.slice(first);
  }
}
