import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { AppRequestName } from '../../../shared/ipc/appsNames';
import type { Logger } from '../../platform/Logger';
import type { ApprovalBroker } from '../approvals/ApprovalBroker';
import type { HostEvents } from '../base/HostEvents';
import type { McpService } from '../mcp/McpService';
import { AppRenderVerdicts } from './AppRenderVerdicts';
import { AppRequests, type AppRequestsOptions } from './AppRequests';
import { AppsService, type StoredAppCall } from './AppsService';
import { AppTurnContext } from './AppTurnContext';
import { createConversationApps, type ConversationApps } from './ConversationApps';

export interface AppServicesOptions {
  mcp: McpService;
  broker: ApprovalBroker;
  events: HostEvents;
  dataDir: string;
  log: Logger;
  findToolCall: (toolUseId: string) => StoredAppCall | undefined;
  send: AppRequestsOptions['send'];
  askToOpen: AppRequestsOptions['askToOpen'];
  open: AppRequestsOptions['open'];
}

export interface AppServices {
  service: AppsService;
  requests: AppRequests;
  forConversations: ConversationApps;
  handlers: Pick<RequestHandlers, AppRequestName>;
  dispose(): void;
}

/** The Apps room of the host core: service, App requests, conversation hooks, handlers. */
export function createAppServices(options: AppServicesOptions): AppServices {
  const { events } = options;
  const service = new AppsService({
    mcp: options.mcp,
    events,
    dataDir: options.dataDir,
    log: options.log,
    findToolCall: options.findToolCall,
  });
  const turnContext = new AppTurnContext((conversationId, contexts) =>
    events.emit('apps.contextChanged', { conversationId, contexts }),
  );
  const verdicts = new AppRenderVerdicts();
  const requests = new AppRequests({
    apps: service,
    mcp: options.mcp,
    broker: options.broker,
    turnContext,
    verdicts,
    send: options.send,
    askToOpen: options.askToOpen,
    open: options.open,
    consentsWaiting: (appId, waiting) =>
      events.emit('apps.consentQueueChanged', { appId, waiting }),
  });
  const handlers: Pick<RequestHandlers, AppRequestName> = {
    'apps.open': ({ target }) => service.open(target),
    'apps.getHtml': ({ frameId }) => ({ html: service.html(frameId) }),
    'apps.close': ({ frameId }) => {
      requests.closeFrame(frameId);
      service.close(frameId);
      return {};
    },
    'apps.cancel': ({ frameId, requestId }) => {
      requests.cancel(frameId, requestId);
      return {};
    },
    'apps.callTool': async ({ frameId, name, arguments: args, requestId }) => ({
      result: await requests.callTool(frameId, name, args, requestId),
    }),
    'apps.readResource': async ({ frameId, uri }) => ({
      contents: await requests.readResource(frameId, uri),
    }),
    'apps.sendMessage': ({ frameId, text }) => requests.sendMessage(frameId, text),
    'apps.openLink': async ({ frameId, url, requestId }) => ({
      opened: await requests.openLink(frameId, url, requestId),
    }),
    'apps.updateContext': ({ frameId, content, structuredContent }) => {
      requests.updateContext(frameId, content, structuredContent);
      return {};
    },
    'apps.log': ({ frameId, level, logger, data }) => {
      requests.appLog(frameId, level, logger, data);
      return {};
    },
    'apps.report': ({ frameId, report }) => {
      requests.report(frameId, report);
      return {};
    },
    'apps.setPermissions': async ({ frameId, allow }) => ({
      granted: await service.setPermissions(frameId, allow),
    }),
    'apps.pendingContext': ({ conversationId }) => ({
      contexts: turnContext.views(conversationId),
    }),
    'apps.listResources': async ({ server }) => ({
      resources: await service.listResources(server),
    }),
  };
  return {
    service,
    requests,
    forConversations: createConversationApps(service, verdicts, turnContext),
    handlers,
    dispose: () => service.dispose(),
  };
}
