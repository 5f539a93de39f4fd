import type { TokenUsage as EventUsage } from '../../../shared/domain/conversationEvents';
import type { MessageBlock } from '../../../shared/domain/conversationMessage';
import { normalizeModelRef } from '../../../shared/domain/modelRef';
import type {
  ConversationSummary,
  MessageView,
  ToolCallStatus,
  ToolCallView,
} from '../../../shared/domain/conversationViews';
import { AppErrorCode, isAppErrorCode } from '../../../shared/errors';
import type { ConversationRecord } from '../store/ConversationRecord';
import type { MessageRecord, TokenUsage } from '../store/MessageRecord';
import type { ToolCallRecord } from '../store/ToolCallRecord';

export function toSummary(
  record: ConversationRecord & { preview?: string },
  running: boolean,
  snippet?: string,
): ConversationSummary {
  return {
    id: record.id,
    title: record.title,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.model ? { model: normalizeModelRef(record.model) } : {}),
    ...(record.preview ? { preview: record.preview } : {}),
    ...(snippet ? { snippet } : {}),
    running,
  };
}

/** A message as windows see it; pages sent to a window are built by `messageViewSql`, alike. */
export function toMessageView(record: MessageRecord): MessageView {
  return { ...messageViewFields(record), content: record.content as MessageBlock[] };
}

/** Everything of a message's view but its content. */
function messageViewFields(record: Omit<MessageRecord, 'content'>): Omit<MessageView, 'content'> {
  return {
    id: record.id,
    ordinal: record.ordinal,
    role: record.role,
    status: record.status,
    ...(record.error
      ? {
          error: {
            code: isAppErrorCode(record.error.code) ? record.error.code : AppErrorCode.Internal,
            message: record.error.message,
            ...(record.error.text ? { text: record.error.text } : {}),
          },
        }
      : {}),
    ...(record.usage ? { usage: toEventUsage(record.usage) } : {}),
    ...(record.provider ? { provider: record.provider } : {}),
    ...(record.model ? { model: record.model } : {}),
    createdAt: record.createdAt,
    ...(record.attachments ? { attachments: record.attachments } : {}),
    ...(record.branch ? { branch: record.branch } : {}),
  };
}

export function toToolCallView(record: ToolCallRecord): ToolCallView {
  const status: ToolCallStatus = record.status === 'pending' ? 'awaiting-approval' : record.status;
  const approval = record.approval;
  return {
    toolUseId: record.id,
    server: record.server,
    tool: record.toolName,
    modelName: record.modelName,
    arguments: record.arguments,
    status,
    ...(record.startedAt !== null ? { startedAt: record.startedAt } : {}),
    ...(record.durationMs !== null ? { durationMs: record.durationMs } : {}),
    ...(record.resultBytes !== null ? { totalChars: record.resultBytes } : {}),
    ...(record.uiResourceUri ? { uiResourceUri: record.uiResourceUri } : {}),
    ...(approval
      ? {
          approval:
            approval.decision === 'allow'
              ? {
                  kind: 'allowed' as const,
                  decidedBy: approval.decidedBy,
                  ...(approval.scope !== 'policy' ? { scope: approval.scope } : {}),
                  reason: approval.reason ?? '',
                }
              : {
                  kind: 'denied' as const,
                  decidedBy: approval.decidedBy,
                  reason: approval.reason ?? '',
                },
        }
      : {}),
  };
}

export function toEventUsage(usage: TokenUsage): EventUsage {
  return {
    inputTokens: usage.input,
    outputTokens: usage.output,
    cacheReadInputTokens: usage.cacheRead,
    cacheCreationInputTokens: usage.cacheWrite,
    ...(usage.tools ? { tools: usage.tools } : {}),
  };
}
