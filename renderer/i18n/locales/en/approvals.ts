/** English: the approval dialog. */
export const approvals = {
  title: 'Allow this tool call?',
  queue: '{{index}} of {{count}}',
  inConversation: 'In “{{title}}”',
  otherConversation: 'From another conversation: “{{title}}”',
  server: 'Server',
  /** `model`: the model's name (Claude, DeepSeek, …), or `modelSubject`. */
  modelName: '{{model}} calls it',
  modelSubject: 'The model',
  modelObject: 'the model',
  theApp: 'the App',
  description: 'Description',
  noDescription: 'The server gave no description.',
  arguments: 'Arguments',
  hints: 'Hints the server declares (claims, not guarantees)',
  changedTitle: 'This tool changed since you allowed it',
  changedBody: 'You allowed it on {{date}}. Check what changed before allowing it again.',
  changedFields: 'Changed: {{fields}}',
  fields: { name: 'name', description: 'description', inputSchema: 'input schema' },
  before: 'Before',
  after: 'Now',
  none: '(none)',
  schemaChanges: 'Input schema changes',
  kinds: { added: 'added', removed: 'removed', changed: 'changed' },
  omitted_one: '…and {{count}} more change.',
  omitted_other: '…and {{count}} more changes.',
  allowOnce: 'Allow once',
  allowChat: 'Allow for this chat',
  allowAlways: 'Always allow',
  deny: 'Deny',
  /** `who`: the model's name, `modelObject` or `theApp` (who gets the reason as the error). */
  denyReason: 'Reason for denying (optional — {{who}} sees it)',
  denyPlaceholder: 'e.g. use the staging database instead',
  failed: 'Your answer did not go through: {{message}}',
};

/** English: the grants section of settings. */
export const grants = {
  title: 'Tool approvals',
  help: 'Tools you chose to always allow. Revoke one and you are asked again next time.',
  none: 'No “always allow” grants yet.',
  loadFailed: 'Could not load the grants: {{message}}',
  grantedAt: 'Allowed {{date}}',
  active: 'Active',
  suspended: 'Suspended',
  suspendedBecause: 'The tool’s {{fields}} changed on {{date}}: you will be asked again.',
  revoke: 'Revoke',
  revokeFailed: 'Could not revoke: {{message}}',
};

/** English: the sidebar's conversation list. */
export const conversations = {
  untitled: 'New conversation',
  running: 'Running',
  search: 'Search conversations',
  searchFailed: 'Search failed: {{message}}',
  searching: 'Searching…',
  noResults: 'No conversation matches “{{query}}”.',
  clearSearch: 'Clear search',
  actions: 'Actions for “{{title}}”',
  rename: 'Rename',
  renameLabel: 'Title of “{{title}}”',
  delete: 'Delete',
  deleteTitle: 'Delete this conversation?',
  deleteBody: '“{{title}}” and everything in it will be deleted. This cannot be undone.',
  renameFailed: 'Could not rename: {{message}}',
  deleteFailed: 'Could not delete: {{message}}',
};
