import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { allRows, fromJson, getRow, toJson } from './sqlRows';
import type {
  ApprovalRecord,
  FinishToolCallInput,
  RecordApprovalInput,
  RecordToolCallInput,
  ToolCallDetail,
  ToolCallRecord,
  ToolCallStatus,
} from './ToolCallRecord';

interface ToolCallRow {
  id: string;
  message_id: string;
  conversation_id: string;
  server: string;
  tool_name: string;
  model_name: string;
  arguments: string;
  is_error: number;
  status: ToolCallStatus;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
  duration_ms: number | null;
  result_bytes: number | null;
  ui_resource_uri: string | null;
}

interface ApprovalRow {
  id: number;
  tool_call_id: string;
  decision: ApprovalRecord['decision'];
  scope: ApprovalRecord['scope'];
  reason: string | null;
  decided_by: ApprovalRecord['decidedBy'];
  grant_id: string | null;
  decided_at: number;
}

// Result bodies stay out of list queries: a page of cards must not drag megabytes along.
// octet_length reads a value's size from its record header, never the value itself.
const columns = `id, message_id, conversation_id, server, tool_name, model_name, arguments,
  is_error, status, error_code, error_message, created_at, started_at, ended_at, duration_ms,
  octet_length(result) AS result_bytes, ui_resource_uri`;

/** Tool calls of a page of messages (a JSON array of ids); exported so tests can check its plan. */
export const toolCallsByMessagesSql = `SELECT ${columns} FROM tool_calls
  WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid`;

function toApprovalRecord(row: ApprovalRow): ApprovalRecord {
  return {
    id: row.id,
    toolCallId: row.tool_call_id,
    decision: row.decision,
    scope: row.scope,
    reason: row.reason,
    decidedBy: row.decided_by,
    grantId: row.grant_id,
    decidedAt: row.decided_at,
  };
}

/** Prepared statements over `tool_calls` and `approval_decisions`. */
export class ToolCallTable {
  private readonly insertStatement: StatementSync;
  private readonly startStatement: StatementSync;
  private readonly finishStatement: StatementSync;
  private readonly getStatement: StatementSync;
  private readonly bodiesStatement: StatementSync;
  private readonly byMessagesStatement: StatementSync;
  private readonly cancelActiveStatement: StatementSync;
  private readonly insertApprovalStatement: StatementSync;
  private readonly approvalsStatement: StatementSync;
  private readonly latestApprovalsStatement: StatementSync;

  constructor(db: DatabaseSync) {
    // The conversation comes from the message, so the two can never disagree.
    this.insertStatement = db.prepare(
      `INSERT INTO tool_calls (id, message_id, conversation_id, server, tool_name, model_name,
         arguments, status, created_at, started_at, ui_resource_uri)
       SELECT :id, m.id, m.conversation_id, :server, :toolName, :modelName, :arguments, :status,
         :at, :startedAt, :uiResourceUri
       FROM messages m WHERE m.id = :messageId`,
    );
    this.startStatement = db.prepare(
      `UPDATE tool_calls SET status = 'running', started_at = ? WHERE id = ? AND status = 'pending'`,
    );
    this.finishStatement = db.prepare(
      `UPDATE tool_calls SET status = :status, result = :result, model_result = :modelResult,
         is_error = :isError, error_code = :errorCode, error_message = :errorMessage,
         ended_at = :at, duration_ms = CASE WHEN started_at IS NULL THEN NULL ELSE :at - started_at END
       WHERE id = :id`,
    );
    this.getStatement = db.prepare(`SELECT ${columns} FROM tool_calls WHERE id = ?`);
    this.bodiesStatement = db.prepare('SELECT result, model_result FROM tool_calls WHERE id = ?');
    this.byMessagesStatement = db.prepare(toolCallsByMessagesSql);
    this.cancelActiveStatement = db.prepare(
      `UPDATE tool_calls SET status = 'cancelled', ended_at = :at,
         duration_ms = CASE WHEN started_at IS NULL THEN NULL ELSE :at - started_at END,
         error_code = ifnull(error_code, :code), error_message = ifnull(error_message, :message)
       WHERE status IN ('pending', 'running')
         -- A call that became a task on its server goes on there: it is followed again.
         AND id NOT IN (SELECT tool_call_id FROM tasks
                        WHERE tool_call_id IS NOT NULL AND status IN ('working', 'input_required'))
       RETURNING id`,
    );
    this.insertApprovalStatement = db.prepare(
      `INSERT INTO approval_decisions (tool_call_id, decision, scope, reason, decided_by, grant_id,
         decided_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    );
    this.approvalsStatement = db.prepare(
      'SELECT * FROM approval_decisions WHERE tool_call_id = ? ORDER BY id',
    );
    this.latestApprovalsStatement = db.prepare(
      `SELECT a.* FROM approval_decisions a
       WHERE a.id IN (SELECT max(id) FROM approval_decisions
                      WHERE tool_call_id IN (SELECT value FROM json_each(?))
                      GROUP BY tool_call_id)`,
    );
  }

  /** Returns false when the message does not exist. */
  insert(input: RecordToolCallInput, at: number): boolean {
    const status = input.status ?? 'pending';
    const result = this.insertStatement.run({
      id: input.id,
      messageId: input.messageId,
      server: input.server,
      toolName: input.toolName,
      modelName: input.modelName,
      arguments: toJson(input.arguments) ?? 'null',
      status,
      at,
      startedAt: status === 'running' ? at : null,
      uiResourceUri: input.uiResourceUri ?? null,
    });
    return result.changes > 0;
  }

  /** pending → running; returns false if the call is not pending. */
  start(id: string, at: number): boolean {
    return this.startStatement.run(at, id).changes > 0;
  }

  finish(id: string, input: FinishToolCallInput, at: number): boolean {
    const result = this.finishStatement.run({
      id,
      status: input.status,
      result: toJson(input.result),
      modelResult: toJson(input.modelResult),
      isError: input.isError === true ? 1 : 0,
      errorCode: input.error?.code ?? null,
      errorMessage: input.error?.message ?? null,
      at,
    });
    return result.changes > 0;
  }

  get(id: string): ToolCallRecord | undefined {
    const row = getRow<ToolCallRow>(this.getStatement, id);
    return row && this.withApprovals([row])[0];
  }

  getDetail(id: string): ToolCallDetail | undefined {
    const record = this.get(id);
    const bodies = getRow<{ result: string | null; model_result: string | null }>(
      this.bodiesStatement,
      id,
    );
    if (!record || !bodies) return undefined;
    return {
      ...record,
      result: fromJson(bodies.result),
      modelResult: fromJson(bodies.model_result),
    };
  }

  /** Tool calls made by the given messages, in the order they were recorded. */
  listForMessages(messageIds: readonly string[]): ToolCallRecord[] {
    if (messageIds.length === 0) return [];
    return this.withApprovals(
      allRows<ToolCallRow>(this.byMessagesStatement, JSON.stringify(messageIds)),
    );
  }

  /** Cancels every pending or running call (their process is gone); returns their ids. */
  cancelActive(at: number, code: string, message: string): string[] {
    return allRows<{ id: string }>(this.cancelActiveStatement, { at, code, message }).map(
      (row) => row.id,
    );
  }

  /** Throws a foreign-key error when the tool call does not exist. */
  insertApproval(input: RecordApprovalInput, at: number): ApprovalRecord {
    const row = getRow<ApprovalRow>(
      this.insertApprovalStatement,
      input.toolCallId,
      input.decision,
      input.scope,
      input.reason ?? null,
      input.decidedBy,
      input.grantId ?? null,
      at,
    );
    if (!row) throw new Error('INSERT … RETURNING returned no row');
    return toApprovalRecord(row);
  }

  listApprovals(toolCallId: string): ApprovalRecord[] {
    return allRows<ApprovalRow>(this.approvalsStatement, toolCallId).map(toApprovalRecord);
  }

  private withApprovals(rows: ToolCallRow[]): ToolCallRecord[] {
    const latest = new Map<string, ApprovalRecord>();
    if (rows.length > 0) {
      const ids = JSON.stringify(rows.map((row) => row.id));
      for (const row of allRows<ApprovalRow>(this.latestApprovalsStatement, ids)) {
        latest.set(row.tool_call_id, toApprovalRecord(row));
      }
    }
    return rows.map((row) => ({
      id: row.id,
      messageId: row.message_id,
      conversationId: row.conversation_id,
      server: row.server,
      toolName: row.tool_name,
      modelName: row.model_name,
      arguments: JSON.parse(row.arguments) as unknown,
      isError: row.is_error === 1,
      status: row.status,
      error:
        row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
      createdAt: row.created_at,
      startedAt: row.started_at,
      endedAt: row.ended_at,
      durationMs: row.duration_ms,
      resultBytes: row.result_bytes,
      ...(row.ui_resource_uri !== null ? { uiResourceUri: row.ui_resource_uri } : {}),
      approval: latest.get(row.id) ?? null,
    }));
  }
}
