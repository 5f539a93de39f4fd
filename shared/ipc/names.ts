import { appEventNames, appRequestNames } from './appsNames';
import { toolSearchRequestNames } from './toolSearchNames';
import { serverUseRequestNames } from './serverUseNames';
import { eventsEventNames, eventsRequestNames } from './eventsNames';
import { sandboxEventNames, sandboxRequestNames } from './sandboxNames';

/**
 * The names of every request and event, as plain data so the sandboxed preload can check
 * names without bundling zod. `contract.ts` proves at compile time that these lists and the
 * schemas agree.
 */
import { gettingServersRequestNames } from './gettingServersNames';

export const requestNames = [
  'app.bootstrap',
  'settings.get',
  'settings.update',
  'settings.setApiKey',
  'settings.clearApiKey',
  'ui.update',
  'mcp.listServers',
  'mcp.getServer',
  ...serverUseRequestNames,
  'mcp.restartServer',
  'mcp.setServerEnabled',
  'mcp.setToolEnabled',
  'mcp.callTool',
  'mcp.cancelToolRun',
  'mcp.listResources',
  'mcp.readResource',
  'mcp.listPrompts',
  'mcp.getPrompt',
  'mcp.listAllResources',
  'mcp.listAllPrompts',
  'mcp.complete',
  'mcp.resolveTemplate',
  'mcp.subscribeResource',
  'mcp.unsubscribeResource',
  'mcp.listSubscriptions',
  'mcp.getLogs',
  'mcp.getTraffic',
  'mcp.signIn',
  'mcp.cancelSignIn',
  'mcp.signOut',
  'config.get',
  'config.save',
  'config.validate',
  'config.listImports',
  'config.applyImport',
  'conversation.list',
  'conversation.create',
  'conversation.get',
  'conversation.rename',
  'conversation.delete',
  'conversation.send',
  'conversation.stop',
  'conversation.cancelToolCall',
  'conversation.retry',
  'conversation.continue',
  'conversation.edit',
  'conversation.switchBranch',
  'attachments.stageFile',
  'attachments.discardFile',
  'conversation.export',
  'conversation.getToolResult',
  'conversation.getToolResultText',
  'models.list',
  'providers.list',
  'providers.add',
  'providers.update',
  'providers.remove',
  'providers.setApiKey',
  'providers.clearApiKey',
  'providers.test',
  'providers.testDraft',
  'approvals.pending',
  'approvals.respond',
  'approvals.listGrants',
  'approvals.revokeGrant',
  'interactions.pending',
  'interactions.respondSampling',
  'interactions.respondElicitation',
  'interactions.respondUrl',
  'interactions.getPolicies',
  'interactions.setPolicy',
  'roots.list',
  'roots.add',
  'roots.pick',
  'roots.remove',
  ...gettingServersRequestNames,
  'tasks.list',
  'tasks.cancel',
  ...appRequestNames,
  ...toolSearchRequestNames,
  'skills.list',
  'skills.setEnabled',
  'secrets.list',
  'secrets.set',
  'secrets.delete',
  ...eventsRequestNames,
  ...sandboxRequestNames,
] as const;

export const eventNames = [
  'settings.changed',
  'mcp.serversChanged',
  'mcp.toolsChanged',
  'mcp.listChanged',
  'mcp.resourceUpdated',
  'mcp.logAppended',
  'mcp.trafficRecorded',
  'mcp.toolRunProgressed',
  'config.changed',
  'conversation.updated',
  'conversation.deleted',
  'conversation.streamed',
  'approvals.requested',
  'approvals.resolved',
  'approvals.grantsChanged',
  'interactions.changed',
  'interactions.resolved',
  'interactions.refused',
  'interactions.policiesChanged',
  'roots.changed',
  'tasks.changed',
  'providers.changed',
  ...appEventNames,
  'skills.changed',
  ...eventsEventNames,
  ...sandboxEventNames,
] as const;

export type RequestName = (typeof requestNames)[number];
export type EventName = (typeof eventNames)[number];

const requestSet = new Set<string>(requestNames);
const eventSet = new Set<string>(eventNames);

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === 'string' && requestSet.has(name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && eventSet.has(name);
}

/** Electron IPC channels: one for requests, one for events. */
export const INVOKE_CHANNEL = 'switchboard:invoke';
export const EVENT_CHANNEL = 'switchboard:event';
