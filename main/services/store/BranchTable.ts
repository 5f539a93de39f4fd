import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { allRows, getRow } from './sqlRows';

/** Which version of its place a message is: the 2 of "2 / 3". */
export interface BranchPosition {
  /** 1-based, in the order the versions were written. */
  index: number;
  count: number;
}

/**
 * Branches (see migration v3): the versions of a place in a conversation are siblings (same
 * parent, same ordinal); one branch is active. Every query here reaches inactive rows through
 * the `messages_inactive` index or a parent through `messages_by_parent`, never a scan.
 */
export const branchSql = {
  setAsideFrom: `UPDATE messages SET active = 0
    WHERE conversation_id = ? AND active = 1 AND ordinal >= ?`,
  // Whether any version was set aside among some ordinals (most pages have none).
  anyAside: `SELECT 1 AS found FROM messages
    WHERE conversation_id = ? AND active = 0 AND ordinal BETWEEN ? AND ? LIMIT 1`,
  // The page's active messages that have other versions, with how many and which one they are.
  positions: `SELECT m.id AS id,
      1 + (SELECT count(*) FROM messages s WHERE s.conversation_id = m.conversation_id
           AND s.active = 0 AND s.ordinal = m.ordinal AND s.parent_id IS m.parent_id) AS count,
      1 + (SELECT count(*) FROM messages s WHERE s.conversation_id = m.conversation_id
           AND s.active = 0 AND s.ordinal = m.ordinal AND s.parent_id IS m.parent_id
           AND s.seq < m.seq) AS position
    FROM messages m
    WHERE m.id IN (SELECT value FROM json_each(:ids))
      AND EXISTS (SELECT 1 FROM messages s WHERE s.conversation_id = m.conversation_id
                  AND s.active = 0 AND s.ordinal = m.ordinal AND s.parent_id IS m.parent_id)`,
  siblings: `SELECT id FROM messages
    WHERE conversation_id = :conversationId AND ordinal = :ordinal AND parent_id IS :parentId
      AND (active = 0 OR id = :id)
    ORDER BY seq`,
  lastShownChild: `SELECT id FROM messages WHERE parent_id = ?
    ORDER BY branch_seen DESC, seq DESC LIMIT 1`,
  activate: 'UPDATE messages SET active = 1, branch_seen = ? WHERE id = ?',
  nextSeen: `SELECT ifnull(max(branch_seen), 0) + 1 AS seen FROM messages
    WHERE conversation_id = ?`,
  parentOf: 'SELECT conversation_id, ordinal, parent_id, active FROM messages WHERE id = ?',
} as const;

/** Prepared statements for branches; callers run them inside their transaction. */
export class BranchTable {
  private readonly statements: { [K in keyof typeof branchSql]: StatementSync };

  constructor(db: DatabaseSync) {
    this.statements = Object.fromEntries(
      Object.entries(branchSql).map(([name, sql]) => [name, db.prepare(sql)]),
    ) as { [K in keyof typeof branchSql]: StatementSync };
  }

  /** Takes the active messages from `ordinal` on off the branch that shows (kept, inactive). */
  setAsideFrom(conversationId: string, ordinal: number): number {
    return Number(this.statements.setAsideFrom.run(conversationId, ordinal).changes);
  }

  /**
   * For a page of active messages (ascending), those with other versions: where they stand
   * among them. A page with no version set aside in its ordinals (nearly all) costs one probe.
   */
  pagePositions(
    conversationId: string,
    page: readonly { id: string; ordinal: number }[],
  ): Map<string, BranchPosition> {
    const first = page[0];
    const last = page.at(-1);
    if (!first || !last) return new Map();
    const aside = getRow<{ found: number }>(
      this.statements.anyAside,
      conversationId,
      first.ordinal,
      last.ordinal,
    );
    return aside ? this.positions(page.map((m) => m.id)) : new Map<string, BranchPosition>();
  }

  /** For the given active messages, those with other versions: where they stand among them. */
  positions(ids: readonly string[]): Map<string, BranchPosition> {
    const rows = allRows<{ id: string; count: number; position: number }>(
      this.statements.positions,
      { ids: JSON.stringify(ids) },
    );
    return new Map(rows.map((row) => [row.id, { index: row.position, count: row.count }]));
  }

  /**
   * Shows another version of an active message (`step` -1: the one before, 1: the one after):
   * the branch from its place on is set aside, and the chosen version comes back with, at each
   * later fork, the version that was showing when it was left. Returns the id now showing, or
   * undefined when there is no version in that direction.
   */
  switchTo(messageId: string, step: -1 | 1): string | undefined {
    const at = getRow<{
      conversation_id: string;
      ordinal: number;
      parent_id: string | null;
      active: number;
    }>(this.statements.parentOf, messageId);
    if (!at || at.active !== 1) return undefined;
    const versions = allRows<{ id: string }>(this.statements.siblings, {
      conversationId: at.conversation_id,
      ordinal: at.ordinal,
      parentId: at.parent_id,
      id: messageId,
    }).map((row) => row.id);
    const target = versions[versions.indexOf(messageId) + step];
    if (target === undefined) return undefined;
    const seen = getRow<{ seen: number }>(this.statements.nextSeen, at.conversation_id)?.seen ?? 1;
    this.setAsideFrom(at.conversation_id, at.ordinal);
    for (let id: string | undefined = target; id !== undefined;) {
      this.statements.activate.run(seen, id);
      id = getRow<{ id: string }>(this.statements.lastShownChild, id)?.id;
    }
    return target;
  }
}
