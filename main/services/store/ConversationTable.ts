import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type {
  ConversationPatch,
  ConversationRecord,
  ConversationSummary,
  ListConversationsOptions,
} from './ConversationRecord';
import { allRows, getRow } from './sqlRows';

/** Columns of `conversations` as selected by `conversationColumns`. */
export interface ConversationRow {
  id: string;
  title: string;
  model: string | null;
  system_prompt: string | null;
  archived: number;
  created_at: number;
  updated_at: number;
}

/** The select list matching `ConversationRow`, for queries that alias the table as `c`. */
export const conversationColumns =
  'c.id, c.title, c.model, c.system_prompt, c.archived, c.created_at, c.updated_at';

/** Characters of the newest message shown in the conversation list. */
const PREVIEW_CHARS = 160;

/**
 * The conversation list. The preview walks the paging index backwards from the newest message;
 * messages without text (tool results, a reply still streaming) are skipped. Exported so tests
 * can check its plan.
 */
export const conversationListSql = `SELECT ${conversationColumns},
    ifnull((SELECT substr(m.text, 1, ${PREVIEW_CHARS}) FROM messages m
            WHERE m.conversation_id = c.id AND m.active = 1 AND m.text <> ''
            ORDER BY m.ordinal DESC LIMIT 1), '') AS preview
  FROM conversations c
  WHERE c.updated_at < :before AND (:archived = -1 OR c.archived = :archived)
  ORDER BY c.updated_at DESC, c.seq DESC
  LIMIT :limit`;

/** Maps a row to the public record. */
export function toConversationRecord(row: ConversationRow): ConversationRecord {
  return {
    id: row.id,
    title: row.title,
    model: row.model,
    systemPrompt: row.system_prompt,
    archived: row.archived === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Prepared statements over `conversations`. */
export class ConversationTable {
  private readonly insertStatement: StatementSync;
  private readonly getStatement: StatementSync;
  private readonly getWithNewestStatement: StatementSync;
  private readonly deleteStatement: StatementSync;
  private readonly touchStatement: StatementSync;
  private readonly listStatement: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.insertStatement = db.prepare(
      `INSERT INTO conversations (id, title, model, system_prompt, archived, created_at, updated_at)
       VALUES (?, ?, ?, ?, 0, ?, ?)`,
    );
    this.getStatement = db.prepare(
      `SELECT ${conversationColumns} FROM conversations c WHERE id = ?`,
    );
    // The newest ordinal through the paging index (one probe), as the message insert finds it.
    this.getWithNewestStatement = db.prepare(
      `SELECT ${conversationColumns},
         ifnull((SELECT ordinal FROM messages WHERE conversation_id = c.id AND active = 1
                 ORDER BY ordinal DESC LIMIT 1), -1) AS newest
       FROM conversations c WHERE id = ?`,
    );
    this.deleteStatement = db.prepare('DELETE FROM conversations WHERE id = ?');
    this.touchStatement = db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?');
    this.listStatement = db.prepare(conversationListSql);
  }

  insert(record: ConversationRecord): void {
    this.insertStatement.run(
      record.id,
      record.title,
      record.model,
      record.systemPrompt,
      record.createdAt,
      record.updatedAt,
    );
  }

  get(id: string): ConversationRecord | undefined {
    const row = getRow<ConversationRow>(this.getStatement, id);
    return row && toConversationRecord(row);
  }

  /** The conversation and the ordinal of its newest message (-1: none), or undefined. */
  getWithNewest(id: string): { conversation: ConversationRecord; newest: number } | undefined {
    const row = getRow<ConversationRow & { newest: number }>(this.getWithNewestStatement, id);
    return row && { conversation: toConversationRecord(row), newest: row.newest };
  }

  /** Applies a patch; returns false when no such conversation exists. */
  update(id: string, patch: ConversationPatch, at: number): boolean {
    const sets: string[] = ['updated_at = :at'];
    const params: Record<string, string | number | null> = { id, at };
    if (patch.title !== undefined) {
      sets.push('title = :title');
      params.title = patch.title;
    }
    if (patch.model !== undefined) {
      sets.push('model = :model');
      params.model = patch.model;
    }
    if (patch.systemPrompt !== undefined) {
      sets.push('system_prompt = :systemPrompt');
      params.systemPrompt = patch.systemPrompt;
    }
    if (patch.archived !== undefined) {
      sets.push('archived = :archived');
      params.archived = patch.archived ? 1 : 0;
    }
    // Compiled per call: updates are rare (rename, archive) and compiling takes microseconds.
    const result = this.db
      .prepare(`UPDATE conversations SET ${sets.join(', ')} WHERE id = :id`)
      .run(params);
    return result.changes > 0;
  }

  delete(id: string): boolean {
    return this.deleteStatement.run(id).changes > 0;
  }

  /** Marks a conversation as changed now (it moves to the top of the list). */
  /** Moves the conversation to the top of the list; false when there is no such conversation. */
  touch(id: string, at: number): boolean {
    return Number(this.touchStatement.run(at, id).changes) > 0;
  }

  list(options: ListConversationsOptions = {}): ConversationSummary[] {
    const archived = options.archived ?? false;
    const rows = allRows<ConversationRow & { preview: string }>(this.listStatement, {
      archived: archived === 'all' ? -1 : archived ? 1 : 0,
      before: options.beforeUpdatedAt ?? Number.MAX_SAFE_INTEGER,
      limit: clampLimit(options.limit, 200, 10_000),
    });
    return rows.map((row) => ({ ...toConversationRecord(row), preview: row.preview }));
  }
}

/** A positive integer limit within bounds. */
export function clampLimit(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(1, Math.floor(value)));
}
