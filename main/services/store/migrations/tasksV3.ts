import type { Migration } from './Migration';

/**
 * Version 3: tool calls that run as tasks on their server, so the host can follow them again
 * after a restart and deliver their results. `reference` is what the session needs to take a
 * task up again (endpoint, era generation, the server's task id); `delivery` says where the
 * result goes: nowhere (`none`: CLI, server view), to the turn waiting for it (`turn`), into the
 * conversation once it ends (`pending`), or already there (`delivered`). A deleted conversation
 * or tool call leaves the task listed, without a place to deliver to.
 */
export const tasksV3: Migration = {
  version: 3,
  name: 'tasks',
  up: `
CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  server TEXT NOT NULL,
  task_id TEXT NOT NULL,
  generation TEXT NOT NULL CHECK (generation IN ('v1', 'v2')),
  reference TEXT NOT NULL CHECK (json_valid(reference)),
  tool_name TEXT NOT NULL,
  arguments TEXT NOT NULL CHECK (json_valid(arguments)),
  origin TEXT NOT NULL CHECK (origin IN ('chat', 'cli', 'server')),
  conversation_id TEXT REFERENCES conversations (id) ON DELETE SET NULL,
  tool_call_id TEXT REFERENCES tool_calls (id) ON DELETE SET NULL,
  status TEXT NOT NULL
    CHECK (status IN ('working', 'input_required', 'completed', 'failed', 'cancelled', 'expired')),
  status_message TEXT,
  poll_interval_ms INTEGER,
  ttl_ms INTEGER,
  result TEXT CHECK (result IS NULL OR json_valid(result)),
  error_message TEXT,
  delivery TEXT NOT NULL CHECK (delivery IN ('none', 'turn', 'pending', 'delivered')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  ended_at INTEGER
) STRICT;
CREATE UNIQUE INDEX tasks_by_server_task ON tasks (server, task_id);
CREATE INDEX tasks_by_updated ON tasks (updated_at);
CREATE INDEX tasks_active ON tasks (status) WHERE status IN ('working', 'input_required');
CREATE INDEX tasks_by_conversation ON tasks (conversation_id) WHERE conversation_id IS NOT NULL;
`,
};
