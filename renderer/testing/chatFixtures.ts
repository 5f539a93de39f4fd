import { z } from 'zod';
import type { ApprovalRequest, GrantView } from '../../shared/domain/approvals';
import {
  conversationEventSchema,
  type ConversationEvent,
} from '../../shared/domain/conversationEvents';
import type {
  ConversationSummary,
  MessageView,
  ToolCallView,
} from '../../shared/domain/conversationViews';
import type { EventPayload, RequestOutput } from '../../shared/ipc/contract';
import { oneToolCall } from './recordedTurns/oneToolCall';
import { overloadMidStream } from './recordedTurns/overloadMidStream';
import { plainText } from './recordedTurns/plainText';
import { rateLimited } from './recordedTurns/rateLimited';
import { stoppedDuringTool } from './recordedTurns/stoppedDuringTool';
import { toolError } from './recordedTurns/toolError';

/**
 * Turns recorded from the real conversation loop (`runTurn`) against the fake Messages API,
 * one JSON file each: what `conversation.streamed` carries, in order.
 */
const recordings = {
  plainText,
  oneToolCall,
  toolError,
  rateLimited,
  overloadMidStream,
  stoppedDuringTool,
};
export type RecordingName = keyof typeof recordings;

/** The server each recorded tool belongs to, as main reports it beside tool events. */
const TOOL_SERVERS: Record<string, { server: string; tool: string }> = {
  echo: { server: 'echo-server', tool: 'echo' },
  fail: { server: 'echo-server', tool: 'fail' },
  slow: { server: 'echo-server', tool: 'slow' },
};

/** A recorded turn as `conversation.streamed` payloads for one conversation and turn id. */
export function recordedTurn(
  name: RecordingName,
  conversationId = 'c1',
  turnId = `turn-${name}`,
): EventPayload<'conversation.streamed'>[] {
  const events: ConversationEvent[] = z.array(conversationEventSchema).parse(recordings[name]);
  return events.map((recorded) => {
    const event = { ...recorded, conversationId, turnId };
    const tool =
      event.type === 'toolUseStarted' || event.type === 'toolResult'
        ? TOOL_SERVERS[event.modelName]
        : undefined;
    return tool ? { event, tool } : { event };
  });
}

/** The payloads up to and including the first event of `type` (for mid-turn states). */
export function until(
  payloads: EventPayload<'conversation.streamed'>[],
  predicate: (event: ConversationEvent) => boolean,
): EventPayload<'conversation.streamed'>[] {
  const index = payloads.findIndex((p) => predicate(p.event));
  return index === -1 ? payloads : payloads.slice(0, index + 1);
}

export function conversation(
  id: string,
  patch: Partial<ConversationSummary> = {},
): ConversationSummary {
  return { id, title: `Chat ${id}`, createdAt: 1000, updatedAt: 1000, running: false, ...patch };
}

export function userMessage(
  ordinal: number,
  text: string,
  patch: Partial<MessageView> = {},
): MessageView {
  return {
    id: `m${ordinal}`,
    ordinal,
    role: 'user',
    content: [{ type: 'text', text }],
    status: 'complete',
    createdAt: 1000 + ordinal,
    ...patch,
  };
}

export function assistantMessage(
  ordinal: number,
  text: string,
  patch: Partial<MessageView> = {},
): MessageView {
  return { ...userMessage(ordinal, text), role: 'assistant', ...patch };
}

export function toolCall(toolUseId: string, patch: Partial<ToolCallView> = {}): ToolCallView {
  return {
    toolUseId,
    server: 'echo-server',
    tool: 'echo',
    modelName: 'echo',
    arguments: { text: 'hello' },
    status: 'done',
    durationMs: 12,
    ...patch,
  };
}

/** A `conversation.get` answer. */
export function page(
  conversationId: string,
  messages: MessageView[],
  patch: Partial<RequestOutput<'conversation.get'>> = {},
): RequestOutput<'conversation.get'> {
  return {
    conversation: conversation(conversationId),
    messages,
    toolCalls: [],
    hasMore: false,
    ...patch,
  };
}

export function approvalRequest(id: string, patch: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id,
    conversationId: 'c1',
    server: 'echo-server',
    toolName: 'echo',
    modelName: 'echo',
    description: 'Returns the text it was given.',
    arguments: { text: 'hello' },
    createdAt: 5000,
    ...patch,
  };
}

export function grant(id: string, patch: Partial<GrantView> = {}): GrantView {
  return {
    id,
    server: 'echo-server',
    toolName: 'echo',
    grantedAt: 4000,
    status: 'active',
    ...patch,
  } as GrantView;
}
