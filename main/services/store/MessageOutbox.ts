import { closeSync, existsSync, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { z } from 'zod';
import type { AppendMessageInput } from './MessageRecord';

/** A person's message on its way into the store, as the outbox file keeps it (one JSON line). */
export interface HeldMessage {
  conversationId: string;
  input: AppendMessageInput & { id: string };
  /** When it was sent: its created and updated time, and the conversation's. */
  at: number;
  /** The model it was sent to, when that changes the conversation's (committed with it). */
  model?: string;
}

/**
 * The person's message between its send and its SQLite commit. `hold` makes it durable with one
 * write to a file next to the database — a SQLite commit is ~20 writes (the WAL frames of the
 * message, its indexes and the conversation) and file locks — so the request to the model
 * leaves without waiting for it. The store commits what is held before it does anything else
 * with messages, and the outbox is emptied once they are in. A crash in between leaves the
 * file; the next open commits what it holds.
 *
 * The file is written in place from its start, never truncated (a write into blocks the file
 * already has is cheaper than growing it again): held messages are JSON lines, and the first
 * empty line ends them. Emptying it is writing one newline at offset 0.
 */
export class MessageOutbox {
  private fd: number | undefined;
  private readonly held: HeldMessage[] = [];
  /** Where the next held message goes: just past the previous one's newline. */
  private offset = 0;

  /** `file` undefined: an in-memory store, nothing to survive. `sync`: fsync each append. */
  constructor(
    private readonly file: string | undefined,
    private readonly sync: boolean,
  ) {}

  /** Writes the message to the file and keeps it until `drain`. Throws if the write fails. */
  hold(message: HeldMessage): void {
    if (this.file !== undefined) {
      // Its line, then the empty line that ends the outbox (the next message overwrites it).
      const text = `${JSON.stringify(message)}\n\n`;
      this.offset += this.write(text, this.offset) - 1;
    }
    this.held.push(message);
  }

  /** Whether a message waits for its commit. */
  get pending(): boolean {
    return this.held.length > 0;
  }

  /**
   * Hands the held messages to `commit`; once it returned they are let go and the file is
   * emptied. If it throws, they stay held (and in the file) for the next try.
   */
  drain(commit: (messages: readonly HeldMessage[]) => void): void {
    if (this.held.length === 0) return;
    commit(this.held);
    this.held.length = 0;
    if (this.file === undefined) return;
    this.write('\n', 0);
    this.offset = 0;
  }

  /** Writes `text` at `position`; returns its length in bytes. */
  private write(text: string, position: number): number {
    // 'a' would append whatever the position; 'r+' needs the file to exist.
    this.fd ??= openSync(this.file ?? '', existsSync(this.file ?? '') ? 'r+' : 'w+', 0o600);
    // The string goes straight to the file (no Buffer made for it here: this is on the send
    // path); a short write, which a regular file does not do, is finished from bytes.
    const length = Buffer.byteLength(text);
    let done = writeSync(this.fd, text, position);
    if (done < length) {
      const bytes = Buffer.from(text);
      while (done < length) done += writeSync(this.fd, bytes, done, length - done, position + done);
    }
    if (this.sync) fdatasyncSync(this.fd);
    return length;
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  /** The outbox in `file`, holding what an earlier run left there (see {@link leftIn}). */
  static reopen(file: string, sync: boolean): MessageOutbox {
    const outbox = new MessageOutbox(file, sync);
    const left = readOutbox(file);
    outbox.held.push(...left.messages);
    outbox.offset = left.end;
    return outbox;
  }
}

/**
 * What an earlier run left in `file` (oldest first), and where its lines end. A torn last line
 * ends it: its send never returned, so nobody was told it was kept. A line that is not a held
 * message (a damaged file) ends it too.
 */
function readOutbox(file: string): { messages: HeldMessage[]; end: number } {
  const messages: HeldMessage[] = [];
  if (!existsSync(file)) return { messages, end: 0 };
  let end = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    // The end of the outbox; what follows is left over from longer ones before.
    if (!line) break;
    const message = parseHeld(line);
    if (!message) break;
    messages.push(message);
    end += Buffer.byteLength(line) + 1;
  }
  return { messages, end };
}

/** What a line must be to be committed: the rest of the input is checked by the insert. */
const heldLine = z.looseObject({
  conversationId: z.string(),
  at: z.number(),
  model: z.string().optional(),
  input: z.looseObject({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.array(z.unknown()),
  }),
});

function parseHeld(line: string): HeldMessage | undefined {
  try {
    const parsed = heldLine.safeParse(JSON.parse(line));
    return parsed.success ? (parsed.data as unknown as HeldMessage) : undefined;
  } catch {
    return undefined;
  }
}
