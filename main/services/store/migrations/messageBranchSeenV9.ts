import type { Migration } from './Migration';

/**
 * Version 9: an index for the newest `branch_seen` of a conversation. Every new message and
 * every branch switch reads it; without the index that read scanned the whole messages table,
 * so adding a message grew slower with every message stored.
 */
export const messageBranchSeenV9: Migration = {
  version: 9,
  name: 'message branch seen index',
  up: `
CREATE INDEX messages_by_branch_seen ON messages (conversation_id, branch_seen);
`,
};
