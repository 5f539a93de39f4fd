import type { Migration } from './Migration';

/**
 * The first schema. Notes on choices:
 * - STRICT tables: a wrong type is an error, not a silently coerced value.
 * - `conversations` and `messages` carry an INTEGER PRIMARY KEY (`seq`) next to their text id,
 *   because the full-text index refers to rows by rowid and VACUUM may renumber implicit rowids.
 * - JSON columns are checked with json_valid so a torn or foreign write cannot store garbage.
 * - `messages.text` is the searchable plain text; it stays '' while a message streams, so the
 *   full-text index is updated once per message rather than on every 50 ms flush.
 */
export const schemaV1: Migration = {
  version: 1,
  name: 'initial schema',
  up: `
CREATE TABLE conversations (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL DEFAULT '',
  model TEXT,
  system_prompt TEXT,
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
-- The list walks this backwards and stops at its LIMIT; rowid (seq) breaks ties in the index.
CREATE INDEX conversations_by_updated ON conversations (updated_at);

CREATE TABLE messages (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL CHECK (ordinal >= 0),
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
  content TEXT NOT NULL CHECK (json_valid(content) AND json_type(content) = 'array'),
  text TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL
    CHECK (status IN ('complete', 'streaming', 'interrupted', 'failed', 'stopped')),
  turn_id TEXT,
  model TEXT,
  stop_reason TEXT,
  error_code TEXT,
  error_message TEXT,
  usage TEXT CHECK (usage IS NULL OR json_valid(usage)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
-- The paging index: every page query is a range scan on it.
CREATE UNIQUE INDEX messages_by_conversation_ordinal ON messages (conversation_id, ordinal);
-- Recovery on open looks only for leftovers of a crashed writer; keep that lookup tiny.
CREATE INDEX messages_streaming ON messages (status) WHERE status = 'streaming';

CREATE TABLE tool_calls (
  id TEXT PRIMARY KEY,
  message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  server TEXT NOT NULL,
  tool_name TEXT NOT NULL,
  model_name TEXT NOT NULL,
  arguments TEXT NOT NULL CHECK (json_valid(arguments)),
  result TEXT CHECK (result IS NULL OR json_valid(result)),
  model_result TEXT CHECK (model_result IS NULL OR json_valid(model_result)),
  is_error INTEGER NOT NULL DEFAULT 0 CHECK (is_error IN (0, 1)),
  status TEXT NOT NULL
    CHECK (status IN ('pending', 'running', 'done', 'failed', 'cancelled', 'denied')),
  error_code TEXT,
  error_message TEXT,
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  ended_at INTEGER,
  duration_ms INTEGER
) STRICT;
CREATE INDEX tool_calls_by_message ON tool_calls (message_id);
CREATE INDEX tool_calls_by_conversation ON tool_calls (conversation_id);
CREATE INDEX tool_calls_active ON tool_calls (status) WHERE status IN ('pending', 'running');

CREATE TABLE grants (
  id TEXT PRIMARY KEY,
  server TEXT NOT NULL,
  tool TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('always', 'conversation')),
  conversation_id TEXT REFERENCES conversations (id) ON DELETE CASCADE,
  pin_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  suspended INTEGER NOT NULL DEFAULT 0 CHECK (suspended IN (0, 1)),
  suspended_at INTEGER,
  change TEXT CHECK (change IS NULL OR json_valid(change)),
  CHECK ((scope = 'conversation') = (conversation_id IS NOT NULL))
) STRICT;
-- One grant per tool and reach; saving again replaces the pin.
CREATE UNIQUE INDEX grants_by_tool ON grants (server, tool, scope, ifnull(conversation_id, ''));
CREATE INDEX grants_by_conversation ON grants (conversation_id) WHERE conversation_id IS NOT NULL;

CREATE TABLE approval_decisions (
  id INTEGER PRIMARY KEY,
  tool_call_id TEXT NOT NULL REFERENCES tool_calls (id) ON DELETE CASCADE,
  decision TEXT NOT NULL CHECK (decision IN ('allow', 'deny')),
  scope TEXT NOT NULL CHECK (scope IN ('once', 'conversation', 'always', 'policy')),
  reason TEXT,
  decided_by TEXT NOT NULL CHECK (decided_by IN ('person', 'grant', 'policy')),
  grant_id TEXT REFERENCES grants (id) ON DELETE SET NULL,
  decided_at INTEGER NOT NULL
) STRICT;
CREATE INDEX approval_decisions_by_tool_call ON approval_decisions (tool_call_id);
CREATE INDEX approval_decisions_by_grant ON approval_decisions (grant_id) WHERE grant_id IS NOT NULL;

CREATE TABLE token_usage (
  message_id TEXT PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  turn_id TEXT,
  model TEXT,
  input_tokens INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  cache_read_tokens INTEGER NOT NULL,
  cache_write_tokens INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX token_usage_by_conversation ON token_usage (conversation_id, turn_id);
`,
};
