import type { Migration } from './Migration';

/**
 * Version 4: the `ui://` resource of the tool's App when the call was made (MCP Apps), so a
 * reopened conversation shows the App again from the stored input and result. NULL for a tool
 * without an App and for every older call.
 */
export const toolCallAppV4: Migration = {
  version: 4,
  name: 'tool call app',
  up: 'ALTER TABLE tool_calls ADD COLUMN ui_resource_uri TEXT',
};
