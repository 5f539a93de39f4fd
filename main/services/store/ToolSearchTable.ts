import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ConversationToolSearch } from '../../../shared/domain/toolSearch';
import { getRow } from './sqlRows';

/** A conversation's tool search: its own choice and the tools a search loaded, oldest first. */
export interface ConversationToolSearchState {
  mode: ConversationToolSearch;
  loaded: string[];
}

interface Row {
  mode: string;
  loaded: string;
}

const NONE: ConversationToolSearchState = { mode: 'default', loaded: [] };

/** Conversations whose state is kept in memory (every turn reads it before its request). */
const KEPT = 64;

/**
 * Prepared statements over `conversation_tool_search` (one row per conversation that has one),
 * with the states read or written lately kept in memory: this process is the file's only writer
 * of them.
 */
export class ToolSearchTable {
  private readonly getStatement: StatementSync;
  private readonly upsertStatement: StatementSync;
  private readonly kept = new Map<string, ConversationToolSearchState>();

  constructor(db: DatabaseSync) {
    this.getStatement = db.prepare(
      'SELECT mode, loaded FROM conversation_tool_search WHERE conversation_id = ?',
    );
    this.upsertStatement = db.prepare(
      `INSERT INTO conversation_tool_search (conversation_id, mode, loaded, updated_at)
       SELECT id, :mode, :loaded, :at FROM conversations WHERE id = :conversationId
       ON CONFLICT (conversation_id) DO UPDATE SET mode = excluded.mode,
         loaded = excluded.loaded, updated_at = excluded.updated_at`,
    );
  }

  get(conversationId: string): ConversationToolSearchState {
    let state = this.kept.get(conversationId);
    if (!state) {
      const row = getRow<Row>(this.getStatement, conversationId);
      state = row ? { mode: toMode(row.mode), loaded: parseNames(row.loaded) } : NONE;
      this.keep(conversationId, state);
    }
    // A copy: callers may change what they get.
    return { mode: state.mode, loaded: [...state.loaded] };
  }

  /** A new conversation: it has no state yet (its first turn need not ask the file). */
  created(conversationId: string): void {
    this.keep(conversationId, NONE);
  }

  /** Drops what is kept of a conversation (it was deleted). */
  forget(conversationId: string): void {
    this.kept.delete(conversationId);
  }

  private keep(conversationId: string, state: ConversationToolSearchState): void {
    this.kept.delete(conversationId);
    this.kept.set(conversationId, state);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value ?? '');
  }

  /** Writes the state; false when there is no such conversation. */
  set(conversationId: string, state: ConversationToolSearchState, at: number): boolean {
    const result = this.upsertStatement.run({
      conversationId,
      mode: state.mode,
      loaded: JSON.stringify(state.loaded),
      at,
    });
    const written = Number(result.changes) > 0;
    if (written) this.keep(conversationId, { mode: state.mode, loaded: [...state.loaded] });
    return written;
  }
}

function toMode(value: string): ConversationToolSearch {
  return value === 'on' || value === 'off' ? value : 'default';
}

/** A damaged value loads nothing rather than failing the conversation. */
function parseNames(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
