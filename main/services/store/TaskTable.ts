import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { allRows, fromJson, getRow, toJson } from './sqlRows';
import {
  ENDED_TASK_STATUSES,
  type NewTaskRecord,
  type TaskPatch,
  type TaskRecord,
} from './TaskRecord';
import { hostText } from '../../../shared/text/hostText';

interface TaskRow {
  id: string;
  server: string;
  task_id: string;
  generation: TaskRecord['generation'];
  reference: string;
  tool_name: string;
  arguments: string;
  origin: TaskRecord['origin'];
  conversation_id: string | null;
  tool_call_id: string | null;
  status: TaskRecord['status'];
  status_message: string | null;
  poll_interval_ms: number | null;
  ttl_ms: number | null;
  result: string | null;
  error_message: string | null;
  delivery: TaskRecord['delivery'];
  created_at: number;
  updated_at: number;
  ended_at: number | null;
}

function toRecord(row: TaskRow): TaskRecord {
  return {
    id: row.id,
    server: row.server,
    taskId: row.task_id,
    generation: row.generation,
    reference: fromJson(row.reference),
    toolName: row.tool_name,
    arguments: fromJson(row.arguments),
    origin: row.origin,
    conversationId: row.conversation_id,
    toolCallId: row.tool_call_id,
    status: row.status,
    statusMessage: row.status_message,
    pollIntervalMs: row.poll_interval_ms,
    ttlMs: row.ttl_ms,
    result: fromJson(row.result),
    error: row.error_message,
    delivery: row.delivery,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    endedAt: row.ended_at,
  };
}

const ENDED_SQL = ENDED_TASK_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * Tasks (tool calls running as tasks on their servers), kept so they can be followed again
 * after a restart. Every method commits on its own (single statements).
 */
export class TaskTable {
  private readonly insertStatement: StatementSync;
  private readonly updateStatement: StatementSync;
  private readonly getStatement: StatementSync;
  private readonly findStatement: StatementSync;
  private readonly recentStatement: StatementSync;
  private readonly activeStatement: StatementSync;
  private readonly undeliveredStatement: StatementSync;
  private readonly releaseTurnsStatement: StatementSync;

  constructor(
    db: DatabaseSync,
    private readonly now: () => number,
  ) {
    this.insertStatement = db.prepare(
      `INSERT INTO tasks (id, server, task_id, generation, reference, tool_name, arguments, origin,
         conversation_id, tool_call_id, status, status_message, poll_interval_ms, ttl_ms, delivery,
         created_at, updated_at)
       VALUES (:id, :server, :taskId, :generation, :reference, :toolName, :arguments, :origin,
         :conversationId, :toolCallId, :status, :statusMessage, :pollIntervalMs, :ttlMs, :delivery,
         :at, :at)
       RETURNING *`,
    );
    // A field left out of the patch keeps its value (each has a "given" flag); ended_at is set
    // once, when the status first becomes an ended one.
    this.updateStatement = db.prepare(
      `UPDATE tasks SET
         status = CASE WHEN :hasStatus THEN :status ELSE status END,
         status_message = CASE WHEN :hasStatusMessage THEN :statusMessage ELSE status_message END,
         poll_interval_ms = CASE WHEN :hasPoll THEN :pollIntervalMs ELSE poll_interval_ms END,
         ttl_ms = CASE WHEN :hasTtl THEN :ttlMs ELSE ttl_ms END,
         result = CASE WHEN :hasResult THEN :result ELSE result END,
         error_message = CASE WHEN :hasError THEN :error ELSE error_message END,
         delivery = CASE WHEN :hasDelivery THEN :delivery ELSE delivery END,
         updated_at = :at,
         ended_at = CASE WHEN ended_at IS NULL AND :hasStatus AND :status IN (${ENDED_SQL})
                         THEN :at ELSE ended_at END
       WHERE id = :id
       RETURNING *`,
    );
    this.getStatement = db.prepare('SELECT * FROM tasks WHERE id = ?');
    this.findStatement = db.prepare('SELECT * FROM tasks WHERE server = ? AND task_id = ?');
    this.recentStatement = db.prepare(
      'SELECT * FROM tasks ORDER BY updated_at DESC, rowid DESC LIMIT ?',
    );
    this.activeStatement = db.prepare(
      `SELECT * FROM tasks WHERE status IN ('working', 'input_required') ORDER BY created_at`,
    );
    this.undeliveredStatement = db.prepare(
      `SELECT * FROM tasks WHERE delivery = 'pending' AND status IN (${ENDED_SQL})
       ORDER BY ended_at`,
    );
    this.releaseTurnsStatement = db.prepare(
      `UPDATE tasks SET delivery = 'pending', updated_at = ? WHERE delivery = 'turn' RETURNING *`,
    );
  }

  /**
   * At start: no turn of this process waits for anything yet, so tasks a turn of a previous
   * process waited for (it died with it) are to be delivered into their conversation instead.
   */
  releaseTurns(): TaskRecord[] {
    return allRows<TaskRow>(this.releaseTurnsStatement, this.now()).map(toRecord);
  }

  insert(input: NewTaskRecord): TaskRecord {
    const row = getRow<TaskRow>(this.insertStatement, {
      id: input.id,
      server: input.server,
      taskId: input.taskId,
      generation: input.generation,
      reference: toJson(input.reference) ?? 'null',
      toolName: input.toolName,
      arguments: toJson(input.arguments) ?? '{}',
      origin: input.origin,
      conversationId: input.conversationId,
      toolCallId: input.toolCallId,
      status: input.status,
      statusMessage: input.statusMessage ?? null,
      pollIntervalMs: input.pollIntervalMs,
      ttlMs: input.ttlMs,
      delivery: input.delivery,
      at: this.now(),
    });
    if (!row) throw new AppError(AppErrorCode.Internal, `Task ${input.id} was not stored.`);
    return toRecord(row);
  }

  /** Applies `patch`; throws NOT_FOUND for an unknown id. */
  update(id: string, patch: TaskPatch): TaskRecord {
    const given = (key: keyof TaskPatch): number => (key in patch ? 1 : 0);
    const row = getRow<TaskRow>(this.updateStatement, {
      id,
      at: this.now(),
      hasStatus: given('status'),
      status: patch.status ?? null,
      hasStatusMessage: given('statusMessage'),
      statusMessage: patch.statusMessage ?? null,
      hasPoll: given('pollIntervalMs'),
      pollIntervalMs: patch.pollIntervalMs ?? null,
      hasTtl: given('ttlMs'),
      ttlMs: patch.ttlMs ?? null,
      hasResult: given('result'),
      result: toJson(patch.result),
      hasError: given('error'),
      error: patch.error ?? null,
      hasDelivery: given('delivery'),
      delivery: patch.delivery ?? null,
    });
    if (!row) throw new AppError(AppErrorCode.NotFound, hostText('tasks.noTask', { id }));
    return toRecord(row);
  }

  get(id: string): TaskRecord | undefined {
    const row = getRow<TaskRow>(this.getStatement, id);
    return row && toRecord(row);
  }

  /** The task a server knows by `taskId`. */
  find(server: string, taskId: string): TaskRecord | undefined {
    const row = getRow<TaskRow>(this.findStatement, server, taskId);
    return row && toRecord(row);
  }

  /** The most recently changed tasks, newest first. */
  recent(limit = 200): TaskRecord[] {
    return allRows<TaskRow>(this.recentStatement, limit).map(toRecord);
  }

  /** Tasks still working or waiting for input (to follow again after a restart). */
  active(): TaskRecord[] {
    return allRows<TaskRow>(this.activeStatement).map(toRecord);
  }

  /** Ended tasks whose result still has to reach their conversation. */
  undelivered(): TaskRecord[] {
    return allRows<TaskRow>(this.undeliveredStatement).map(toRecord);
  }
}
