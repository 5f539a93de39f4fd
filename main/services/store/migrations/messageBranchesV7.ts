import type { Migration } from './Migration';

/**
 * Version 7: branches. Editing an earlier message keeps what followed it: the replaced
 * messages stay, inactive, and the edit starts a sibling at the same ordinal.
 * - `parent_id`: the message this one follows (NULL for a conversation's first message);
 *   siblings share a parent and an ordinal.
 * - `active`: on the branch that shows. Paging, history and search read active rows only, so
 *   the (conversation_id, ordinal) index becomes unique among active rows.
 * - `branch_seen`: a per-conversation counter set when a message becomes active; going back
 *   to a branch follows, at each fork below, the child that was showing last.
 * Existing rows form one branch: each message's parent is the one before it.
 */
export const messageBranchesV7: Migration = {
  version: 7,
  name: 'message branches',
  up: `
ALTER TABLE messages ADD COLUMN parent_id TEXT;
ALTER TABLE messages ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));
ALTER TABLE messages ADD COLUMN branch_seen INTEGER NOT NULL DEFAULT 0;
UPDATE messages SET parent_id = (
  SELECT p.id FROM messages p
  WHERE p.conversation_id = messages.conversation_id AND p.ordinal = messages.ordinal - 1
);
DROP INDEX messages_by_conversation_ordinal;
CREATE UNIQUE INDEX messages_by_conversation_ordinal ON messages (conversation_id, ordinal)
  WHERE active = 1;
-- Other versions at an ordinal (the "1/2" of an edited message), and the walk down a branch.
CREATE INDEX messages_inactive ON messages (conversation_id, ordinal) WHERE active = 0;
CREATE INDEX messages_by_parent ON messages (parent_id) WHERE parent_id IS NOT NULL;
`,
};
