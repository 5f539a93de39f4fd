import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { AttachmentView } from '../../../shared/domain/attachments';
import type { HostText } from '../../../shared/text/hostText';
import type {
  MessageError,
  MessageRecord,
  MessageStatus,
  StoredContentBlock,
  TokenUsage,
} from './MessageRecord';
import { messageViewContentSql, messageViewHeadSql } from './messageViewSql';
import { allRows, fromJson, getRow, toJson } from './sqlRows';

/** A row of `messages` as the page queries select it. */
export interface MessageRow {
  id: string;
  conversation_id: string;
  ordinal: number;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
  turn_id: string | null;
  provider: string | null;
  model: string | null;
  stop_reason: string | null;
  error_code: string | null;
  error_message: string | null;
  error_text: string | null;
  usage: string | null;
  created_at: number;
  updated_at: number;
  attachments: string | null;
}

const columns = `id, conversation_id, ordinal, role, content, status, turn_id, provider, model,
  stop_reason, error_code, error_message, error_text, usage, created_at, updated_at, attachments`;

const viewColumns = `id, ordinal, ${messageViewHeadSql} AS head, ${messageViewContentSql} AS content`;

/**
 * A message of a page as a window gets it: its view's JSON but for `branch` and `content`
 * (`head`, see messageViewSql) and its content's JSON as the window gets it.
 */
export interface MessageViewRow {
  id: string;
  ordinal: number;
  head: string;
  content: string;
}

/** A message as the model's history needs it. */
export type MessageContent = Pick<MessageRecord, 'ordinal' | 'role' | 'content'>;

/** A message row about to be inserted; the ordinal is assigned by the insert. */
export interface NewMessageRow extends Omit<MessageRecord, 'ordinal'> {
  text: string;
}

/** Final fields written when a message stops streaming (or is written whole). */
export interface MessageOutcome {
  status: MessageStatus;
  content: readonly StoredContentBlock[];
  text: string;
  stopReason: string | null;
  error: MessageError | null;
  usage: TokenUsage | null;
  at: number;
}

/** A page's query in each direction, selecting `select`: a range on the paging index. */
function pageSql(select: string) {
  const from = `SELECT ${select} FROM messages WHERE conversation_id = ? AND active = 1`;
  return {
    tail: `${from} ORDER BY ordinal DESC LIMIT ?`,
    before: `${from} AND ordinal < ? ORDER BY ordinal DESC LIMIT ?`,
    after: `${from} AND ordinal > ? ORDER BY ordinal ASC LIMIT ?`,
  };
}

const recordPageSql = pageSql(columns);
const viewPageSql = pageSql(viewColumns);

/**
 * The message queries, exported so tests can check their plans: every page query must be a
 * range on the (conversation_id, ordinal) index, never a scan or a sort.
 */
export const messageSql = {
  // The next ordinal and the parent come from the newest active row through the paging index
  // (one probe, not a scan); a new message joins the branch that shows.
  insert: `INSERT INTO messages (id, conversation_id, ordinal, role, content, text, status, turn_id,
      provider, model, stop_reason, error_code, error_message, error_text, usage, created_at,
      updated_at, attachments, parent_id, active, branch_seen)
    VALUES (:id, :conversationId,
      ifnull((SELECT ordinal + 1 FROM messages WHERE conversation_id = :conversationId
              AND active = 1 ORDER BY ordinal DESC LIMIT 1), 0),
      :role, :content, :text, :status, :turnId, :provider, :model, :stopReason, :errorCode,
      :errorMessage, :errorText, :usage, :createdAt, :updatedAt, :attachments,
      (SELECT id FROM messages WHERE conversation_id = :conversationId
       AND active = 1 ORDER BY ordinal DESC LIMIT 1),
      1,
      (SELECT ifnull(max(branch_seen), 0) FROM messages WHERE conversation_id = :conversationId))
    RETURNING ordinal`,
  get: `SELECT ${columns} FROM messages WHERE id = ?`,
  tail: recordPageSql.tail,
  before: recordPageSql.before,
  after: recordPageSql.after,
  // The same pages as a window's view JSON (see messageViewSql).
  viewTail: viewPageSql.tail,
  viewBefore: viewPageSql.before,
  viewAfter: viewPageSql.after,
  // Only what the model's history needs (the branch that shows): no status, usage, attachments
  // or tool calls.
  contentAfter: `SELECT ordinal, role, content FROM messages WHERE conversation_id = ? AND active = 1
    AND ordinal > ?
    ORDER BY ordinal ASC LIMIT ?`,
  writeStreamingContent: `UPDATE messages SET content = ?, updated_at = ?
    WHERE id = ? AND status = 'streaming'`,
  writeOutcome: `UPDATE messages SET status = :status, content = :content, text = :text,
      stop_reason = :stopReason, error_code = :errorCode, error_message = :errorMessage,
      error_text = :errorText, usage = :usage, updated_at = :at
    WHERE id = :id`,
  // The active messages from an ordinal on, and every other branch that grew out of them.
  deleteFrom: `WITH RECURSIVE doomed(id) AS (
      SELECT id FROM messages WHERE conversation_id = ? AND active = 1 AND ordinal >= ?
      UNION SELECT m.id FROM messages m JOIN doomed d ON m.parent_id = d.id
    ) DELETE FROM messages WHERE id IN (SELECT id FROM doomed)`,
  listStreaming: `SELECT ${columns} FROM messages WHERE status = 'streaming'`,
} as const;

function toMessageRecord(row: MessageRow): MessageRecord {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    ordinal: row.ordinal,
    role: row.role,
    status: row.status,
    turnId: row.turn_id,
    provider: row.provider,
    model: row.model,
    stopReason: row.stop_reason,
    error:
      row.error_code === null
        ? null
        : {
            code: row.error_code,
            message: row.error_message ?? '',
            ...(row.error_text === null ? {} : { text: JSON.parse(row.error_text) as HostText }),
          },
    usage: fromJson(row.usage) as TokenUsage | null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.attachments === null
      ? {}
      : { attachments: JSON.parse(row.attachments) as AttachmentView[] }),
    content: JSON.parse(row.content) as StoredContentBlock[],
  };
}

/** Where a page starts: give at most one of the two. */
interface PageCursor {
  beforeOrdinal?: number;
  afterOrdinal?: number;
}

/** A page query in each direction. */
type PageStatements = Record<keyof ReturnType<typeof pageSql>, StatementSync>;

/** Up to a page of messages, ascending, and whether more lie beyond it. */
interface RowPage<T> {
  messages: T[];
  hasMore: boolean;
}

function prepareEach(db: DatabaseSync, sql: ReturnType<typeof pageSql>): PageStatements {
  return {
    tail: db.prepare(sql.tail),
    before: db.prepare(sql.before),
    after: db.prepare(sql.after),
  };
}

/** Prepared statements over `messages`. Every page query is a range on (conversation_id, ordinal). */
export class MessageTable {
  private readonly insertStatement: StatementSync;
  private readonly getStatement: StatementSync;
  private readonly pages: PageStatements;
  private readonly viewPages: PageStatements;
  private readonly contentAfterStatement: StatementSync;
  private readonly contentStatement: StatementSync;
  private readonly outcomeStatement: StatementSync;
  private readonly deleteFromStatement: StatementSync;
  private readonly streamingStatement: StatementSync;

  constructor(db: DatabaseSync) {
    this.insertStatement = db.prepare(messageSql.insert);
    this.getStatement = db.prepare(messageSql.get);
    this.pages = prepareEach(db, recordPageSql);
    this.viewPages = prepareEach(db, viewPageSql);
    this.contentAfterStatement = db.prepare(messageSql.contentAfter);
    this.contentStatement = db.prepare(messageSql.writeStreamingContent);
    this.outcomeStatement = db.prepare(messageSql.writeOutcome);
    this.deleteFromStatement = db.prepare(messageSql.deleteFrom);
    this.streamingStatement = db.prepare(messageSql.listStreaming);
  }

  /** Inserts a message at the end of its conversation; returns the ordinal it got. */
  insert(message: NewMessageRow): number {
    const row = getRow<{ ordinal: number }>(this.insertStatement, {
      id: message.id,
      conversationId: message.conversationId,
      role: message.role,
      content: JSON.stringify(message.content),
      text: message.text,
      status: message.status,
      turnId: message.turnId,
      provider: message.provider,
      model: message.model,
      stopReason: message.stopReason,
      errorCode: message.error?.code ?? null,
      errorMessage: message.error?.message ?? null,
      errorText: message.error?.text ? JSON.stringify(message.error.text) : null,
      usage: toJson(message.usage ?? undefined),
      createdAt: message.createdAt,
      updatedAt: message.updatedAt,
      attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
    });
    if (!row) throw new Error('INSERT … RETURNING returned no row');
    return row.ordinal;
  }

  get(id: string): MessageRecord | undefined {
    const row = getRow<MessageRow>(this.getStatement, id);
    return row && toMessageRecord(row);
  }

  /**
   * Up to `limit` messages in ascending order, plus whether more exist in the paging direction.
   * One extra row is read to answer `hasMore` without a COUNT.
   */
  page(conversationId: string, cursor: PageCursor, limit: number): RowPage<MessageRecord> {
    const page = this.rowsOf<MessageRow>(this.pages, conversationId, cursor, limit);
    return { messages: page.messages.map(toMessageRecord), hasMore: page.hasMore };
  }

  /** {@link page} as a window gets it (see {@link MessageViewRow}). */
  viewPage(conversationId: string, cursor: PageCursor, limit: number): RowPage<MessageViewRow> {
    return this.rowsOf<MessageViewRow>(this.viewPages, conversationId, cursor, limit);
  }

  private rowsOf<T>(
    statements: PageStatements,
    conversationId: string,
    cursor: PageCursor,
    limit: number,
  ): RowPage<T> {
    const rows =
      cursor.afterOrdinal !== undefined
        ? allRows<T>(statements.after, conversationId, cursor.afterOrdinal, limit + 1)
        : cursor.beforeOrdinal !== undefined
          ? allRows<T>(statements.before, conversationId, cursor.beforeOrdinal, limit + 1)
          : allRows<T>(statements.tail, conversationId, limit + 1);
    const hasMore = rows.length > limit;
    const kept = rows.slice(0, limit);
    if (cursor.afterOrdinal === undefined) kept.reverse();
    return { messages: kept, hasMore };
  }

  /** Up to `limit` messages after `afterOrdinal`, ascending, with only role and content. */
  contentAfter(
    conversationId: string,
    afterOrdinal: number,
    limit: number,
  ): { messages: MessageContent[]; hasMore: boolean } {
    const rows = allRows<Pick<MessageRow, 'ordinal' | 'role' | 'content'>>(
      this.contentAfterStatement,
      conversationId,
      afterOrdinal,
      limit + 1,
    );
    const messages = rows.slice(0, limit).map((row) => ({
      ordinal: row.ordinal,
      role: row.role,
      content: JSON.parse(row.content) as StoredContentBlock[],
    }));
    return { messages, hasMore: rows.length > limit };
  }

  /** Writes streamed content; a no-op unless the message is still streaming. */
  writeStreamingContent(id: string, content: readonly StoredContentBlock[], at: number): void {
    this.contentStatement.run(JSON.stringify(content), at, id);
  }

  /** Writes the final fields of a message. */
  writeOutcome(id: string, outcome: MessageOutcome): boolean {
    const result = this.outcomeStatement.run({
      id,
      status: outcome.status,
      content: JSON.stringify(outcome.content),
      text: outcome.text,
      stopReason: outcome.stopReason,
      errorCode: outcome.error?.code ?? null,
      errorMessage: outcome.error?.message ?? null,
      errorText: outcome.error?.text ? JSON.stringify(outcome.error.text) : null,
      usage: toJson(outcome.usage ?? undefined),
      at: outcome.at,
    });
    return result.changes > 0;
  }

  /** Deletes the message at `ordinal` and every later one (edit-and-resend, retry). */
  deleteFrom(conversationId: string, ordinal: number): number {
    return Number(this.deleteFromStatement.run(conversationId, ordinal).changes);
  }

  /** Messages left `streaming` (by a writer that is gone, when called at open). */
  listStreaming(): MessageRecord[] {
    return allRows<MessageRow>(this.streamingStatement).map(toMessageRecord);
  }
}
