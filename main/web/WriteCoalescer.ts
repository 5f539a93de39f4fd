import type { Writable } from 'node:stream';

/**
 * Gathers what is written to a socket during one turn of the event loop into one write. A
 * request to the shell sends several frames in a row (the conversation updated, the turn and
 * its request started, the result): written one by one, each is a system call that wakes the
 * window's side, and on a conversation's turn those calls came before the request to the model
 * left. Held, they leave together: when the request is answered, or once the work that produced
 * them has given the loop back.
 */
export class WriteCoalescer {
  private readonly corked = new Set<Writable>();
  private scheduled: NodeJS.Immediate | undefined;

  /** Holds `socket`'s writes from now until the current turn of the event loop is over. */
  hold(socket: Writable): void {
    if (this.corked.has(socket) || socket.destroyed || !socket.writable) return;
    socket.cork();
    this.corked.add(socket);
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /**
   * Writes what `socket` holds now and holds it no longer: its request has answered, and
   * whatever another request does in this turn must not keep that answer waiting.
   */
  release(socket: Writable): void {
    if (!this.corked.delete(socket)) return;
    if (socket.writableCorked > 0) socket.uncork();
  }

  /** Writes everything held, now. */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const sockets = [...this.corked];
    this.corked.clear();
    // Ours is the outermost cork: the socket's own writer uncorks what it corked itself.
    for (const socket of sockets) if (socket.writableCorked > 0) socket.uncork();
  }

  /** How many sockets have writes held. */
  get holding(): number {
    return this.corked.size;
  }
}
