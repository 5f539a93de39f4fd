import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { GrantChange, GrantRecord, ListGrantsFilter, SaveGrantInput } from './GrantRecord';
import { allRows, fromJson, getRow, toJson } from './sqlRows';

interface GrantRow {
  id: string;
  server: string;
  tool: string;
  scope: GrantRecord['scope'];
  conversation_id: string | null;
  pin_hash: string;
  created_at: number;
  suspended: number;
  suspended_at: number | null;
  change: string | null;
}

function toGrantRecord(row: GrantRow): GrantRecord {
  return {
    id: row.id,
    server: row.server,
    tool: row.tool,
    scope: row.scope,
    conversationId: row.conversation_id,
    pinHash: row.pin_hash,
    createdAt: row.created_at,
    suspended: row.suspended === 1,
    suspendedAt: row.suspended_at,
    change: fromJson(row.change) as GrantChange | null,
  };
}

/** Prepared statements over `grants`. */
export class GrantTable {
  private readonly upsertStatement: StatementSync;
  private readonly getStatement: StatementSync;
  private readonly listStatement: StatementSync;
  private readonly findStatement: StatementSync;
  private readonly suspendStatement: StatementSync;
  private readonly reinstateStatement: StatementSync;
  private readonly deleteStatement: StatementSync;

  constructor(db: DatabaseSync) {
    // Saving a grant that already exists for the same tool and reach re-pins and reinstates it,
    // keeping its id so decisions that cite it stay linked.
    this.upsertStatement = db.prepare(
      `INSERT INTO grants (id, server, tool, scope, conversation_id, pin_hash, created_at)
       VALUES (:id, :server, :tool, :scope, :conversationId, :pinHash, :at)
       ON CONFLICT (server, tool, scope, ifnull(conversation_id, '')) DO UPDATE SET
         pin_hash = excluded.pin_hash, suspended = 0, suspended_at = NULL, change = NULL
       RETURNING *`,
    );
    this.getStatement = db.prepare('SELECT * FROM grants WHERE id = ?');
    this.listStatement = db.prepare(
      `SELECT * FROM grants
       WHERE (:server IS NULL OR server = :server)
         AND (:conversationId IS NULL OR conversation_id = :conversationId)
       ORDER BY server, tool, scope, created_at`,
    );
    // A grant for this conversation wins over an `always` grant; the unique index serves both.
    this.findStatement = db.prepare(
      `SELECT * FROM grants
       WHERE server = :server AND tool = :tool
         AND (scope = 'always' OR (scope = 'conversation' AND conversation_id = :conversationId))
       ORDER BY scope = 'conversation' DESC
       LIMIT 1`,
    );
    this.suspendStatement = db.prepare(
      'UPDATE grants SET suspended = 1, suspended_at = ?, change = ? WHERE id = ? RETURNING *',
    );
    this.reinstateStatement = db.prepare(
      `UPDATE grants SET suspended = 0, suspended_at = NULL, change = NULL, pin_hash = ?
       WHERE id = ? RETURNING *`,
    );
    this.deleteStatement = db.prepare('DELETE FROM grants WHERE id = ?');
  }

  save(id: string, input: SaveGrantInput, at: number): GrantRecord {
    const row = getRow<GrantRow>(this.upsertStatement, {
      id,
      server: input.server,
      tool: input.tool,
      scope: input.scope,
      conversationId: input.scope === 'conversation' ? (input.conversationId ?? null) : null,
      pinHash: input.pinHash,
      at,
    });
    if (!row) throw new Error('INSERT … RETURNING returned no row');
    return toGrantRecord(row);
  }

  get(id: string): GrantRecord | undefined {
    const row = getRow<GrantRow>(this.getStatement, id);
    return row && toGrantRecord(row);
  }

  list(filter: ListGrantsFilter = {}): GrantRecord[] {
    return allRows<GrantRow>(this.listStatement, {
      server: filter.server ?? null,
      conversationId: filter.conversationId ?? null,
    }).map(toGrantRecord);
  }

  find(server: string, tool: string, conversationId: string | undefined): GrantRecord | undefined {
    const row = getRow<GrantRow>(this.findStatement, {
      server,
      tool,
      conversationId: conversationId ?? null,
    });
    return row && toGrantRecord(row);
  }

  suspend(id: string, change: GrantChange, at: number): GrantRecord | undefined {
    const row = getRow<GrantRow>(this.suspendStatement, at, toJson(change), id);
    return row && toGrantRecord(row);
  }

  reinstate(id: string, pinHash: string): GrantRecord | undefined {
    const row = getRow<GrantRow>(this.reinstateStatement, pinHash, id);
    return row && toGrantRecord(row);
  }

  delete(id: string): boolean {
    return this.deleteStatement.run(id).changes > 0;
  }
}
