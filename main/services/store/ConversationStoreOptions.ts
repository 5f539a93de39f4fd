import type { Logger } from '../../platform/Logger';
import type { Migration } from './migrations/Migration';
import type { SynchronousMode } from './openDatabase';

/** Options of `ConversationStore.open`. */
export interface ConversationStoreOptions {
  /** The SQLite file (created if missing), e.g. `<dataDir>/history.sqlite`. */
  file: string;
  log?: Logger;
  /** Default NORMAL: survives the app being killed; power loss may drop the newest commits. */
  synchronous?: SynchronousMode;
  /** Longest time a streamed delta stays uncommitted; default 50 ms. */
  flushIntervalMs?: number;
  busyTimeoutMs?: number;
  /** Clock for timestamps (ms since the epoch). */
  now?: () => number;
  /** Called after each batch of streamed content is committed (tests, diagnostics). */
  onFlushed?: (messageIds: readonly string[]) => void;
  /**
   * Default true: repair what an unclean exit left (streaming → interrupted, running tool calls
   * cancelled). False for a second process that only reads and writes tasks (the CLI), which
   * must not touch a running app's live turn.
   */
  recover?: boolean;
  /** Replaces the built-in migrations (tests only). */
  migrations?: readonly Migration[];
}
