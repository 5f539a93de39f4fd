import type { Migration } from './Migration';

/**
 * Version 6: tool search per conversation. `mode` is the conversation's own choice (follow the
 * settings, or force search on or off); `loaded` lists the model names of the tools a search
 * found, which stay offered for the rest of the conversation.
 */
export const toolSearchV6: Migration = {
  version: 6,
  name: 'conversation tool search',
  up: `
CREATE TABLE conversation_tool_search (
  conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
  mode TEXT NOT NULL DEFAULT 'default' CHECK (mode IN ('default', 'on', 'off')),
  loaded TEXT NOT NULL DEFAULT '[]',
  updated_at INTEGER NOT NULL
) STRICT;
`,
};
