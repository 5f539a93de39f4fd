import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { ToolSearchRequestName } from '../../../shared/ipc/toolSearchNames';
import type { ApprovalBroker } from '../approvals/ApprovalBroker';
import type { ConversationService } from './ConversationService';

type Name = Exclude<
  Extract<keyof RequestHandlers, `conversation.${string}` | `approvals.${string}`>,
  ToolSearchRequestName
>;

/** Handlers of the conversation and approval requests. */
export function createConversationHandlers(
  conversations: ConversationService,
  broker: ApprovalBroker,
): Pick<RequestHandlers, Name> {
  return {
    'conversation.list': ({ query }) => ({ conversations: conversations.list(query) }),
    'conversation.create': ({ title, toolSearch }) => conversations.create(title, toolSearch),
    'conversation.get': ({ id, beforeOrdinal, limit }) =>
      conversations.getJson(id, beforeOrdinal, limit),
    'conversation.rename': ({ id, title }) => conversations.rename(id, title),
    'conversation.delete': async ({ id }) => {
      await conversations.delete(id);
      return {};
    },
    'conversation.send': ({ conversationId, text, model, attachments }) =>
      attachments?.length
        ? conversations.sendWithAttachments(conversationId, text, attachments, model)
        : conversations.send(conversationId, text, model),
    'conversation.stop': async ({ conversationId }) => {
      await conversations.stop(conversationId);
      return {};
    },
    'conversation.cancelToolCall': ({ conversationId, toolUseId }) => {
      conversations.cancelToolCall(conversationId, toolUseId);
      return {};
    },
    'conversation.retry': ({ conversationId, model }) => conversations.retry(conversationId, model),
    'conversation.continue': ({ conversationId, model }) =>
      conversations.continue(conversationId, model),
    'conversation.edit': ({ conversationId, messageId, text }) =>
      conversations.edit(conversationId, messageId, text),
    'conversation.switchBranch': ({ conversationId, messageId, direction }) =>
      conversations.switchBranch(conversationId, messageId, direction === 'previous' ? -1 : 1),
    'conversation.export': ({ id }) => conversations.export(id),
    'conversation.getToolResult': ({ toolUseId, maxTextChars }) =>
      conversations.getToolResult(toolUseId, maxTextChars),
    'conversation.getToolResultText': ({ toolUseId, block, offset, maxChars }) =>
      conversations.getToolResultText(toolUseId, block, offset, maxChars),
    'approvals.pending': () => ({ requests: broker.pending() }),
    'approvals.respond': async ({ requestId, decision }) => {
      await broker.respond(requestId, decision);
      return {};
    },
    'approvals.listGrants': async () => ({ grants: await broker.listGrants() }),
    'approvals.revokeGrant': async ({ id }) => {
      await broker.revokeGrant(id);
      return {};
    },
  };
}
