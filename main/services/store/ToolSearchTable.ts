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

/** Prepared statements over `conversation_tool_search` (one row per conversation that has one). */
export class ToolSearchTable {
  private readonly getStatement: StatementSync;
  private readonly upsertStatement: StatementSync;

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
    const row = getRow<Row>(this.getStatement, conversationId);
    if (!row) return { ...NONE, loaded: [] };
    return { mode: toMode(row.mode), loaded: parseNames(row.loaded) };
  }

  /** Writes the state; false when there is no such conversation. */
  set(conversationId: string, state: ConversationToolSearchState, at: number): boolean {
    const result = this.upsertStatement.run({
      conversationId,
      mode: state.mode,
      loaded: JSON.stringify(state.loaded),
      at,
    });
    return Number(result.changes) > 0;
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
