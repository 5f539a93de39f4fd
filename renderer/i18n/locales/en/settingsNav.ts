/** English: the sections of Settings, as its table of contents names them. */
export const settingsNav = {
  label: 'Settings sections',
  providers: 'Model providers',
  models: 'Models',
  toolSearch: 'Tool search',
  approvals: 'Tool approvals',
  sandbox: 'Sandbox',
  folders: 'Folders',
  tasks: 'Tasks',
  secrets: 'Secrets',
  registry: 'MCP Registry',
  appearance: 'Appearance',
  about: 'About',
};
