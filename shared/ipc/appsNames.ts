/** The MCP Apps requests and events, as plain data (spread into names.ts). */
export const appRequestNames = [
  'apps.open',
  'apps.getHtml',
  'apps.close',
  'apps.cancel',
  'apps.callTool',
  'apps.readResource',
  'apps.sendMessage',
  'apps.openLink',
  'apps.updateContext',
  'apps.log',
  'apps.report',
  'apps.setPermissions',
  'apps.pendingContext',
  'apps.listResources',
] as const;

export const appEventNames = ['apps.contextChanged', 'apps.consentQueueChanged'] as const;

export type AppRequestName = (typeof appRequestNames)[number];
export type AppEventName = (typeof appEventNames)[number];
