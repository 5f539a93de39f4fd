import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { TokenUsage, UsageTotals } from './MessageRecord';
import { getRow } from './sqlRows';

/** Prepared statements over `token_usage`: one row per model call, summed per conversation. */
export class UsageTable {
  private readonly upsertStatement: StatementSync;
  private readonly totalsStatement: StatementSync;

  constructor(db: DatabaseSync) {
    this.upsertStatement = db.prepare(
      `INSERT OR REPLACE INTO token_usage (message_id, conversation_id, turn_id, provider, model,
         input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, created_at)
       SELECT id, conversation_id, turn_id, provider, model, ?, ?, ?, ?, ? FROM messages
       WHERE id = ?`,
    );
    this.totalsStatement = db.prepare(
      `SELECT count(*) AS calls, ifnull(sum(input_tokens), 0) AS input,
         ifnull(sum(output_tokens), 0) AS output, ifnull(sum(cache_read_tokens), 0) AS cacheRead,
         ifnull(sum(cache_write_tokens), 0) AS cacheWrite
       FROM token_usage WHERE conversation_id = :conversationId
         AND (:turnId IS NULL OR turn_id = :turnId)`,
    );
  }

  record(messageId: string, usage: TokenUsage, at: number): void {
    this.upsertStatement.run(
      wholeTokens(usage.input),
      wholeTokens(usage.output),
      wholeTokens(usage.cacheRead),
      wholeTokens(usage.cacheWrite),
      at,
      messageId,
    );
  }

  totals(conversationId: string, turnId?: string): UsageTotals {
    const row = getRow<UsageTotals>(this.totalsStatement, {
      conversationId,
      turnId: turnId ?? null,
    });
    return row ?? { calls: 0, input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  }
}

/** STRICT INTEGER columns reject 1.5 and NaN; usage numbers from an API are whole anyway. */
function wholeTokens(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;
}
