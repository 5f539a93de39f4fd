import type {
  ConversationEvent,
  ConversationEventOf,
  TurnStop,
} from '../../shared/domain/conversationEvents';
import type { MessageBlock } from '../../shared/domain/conversationMessage';
import { parseModelRef } from '../../shared/domain/modelRef';
import type { MessageStatus, ToolCallStatus } from '../../shared/domain/conversationViews';
import type { EventPayload } from '../../shared/ipc/contract';
import {
  newLiveTurn,
  type ChatMessage,
  type ChatModel,
  type LiveTurn,
  type ToolCard,
} from './chatModel';

/** What one `conversation.streamed` event carries. */
export type StreamedPayload = EventPayload<'conversation.streamed'>;

/** Id of a message the running turn added, until it is read back with its stored id. */
export function liveMessageId(turnId: string, step: number, role: 'user' | 'assistant'): string {
  return `live:${turnId}:${step}:${role}`;
}

/**
 * Folds one `conversation.streamed` event into the open conversation. Events of other
 * conversations, and repeats (by per-turn sequence number), change nothing.
 */
export function turnEventArrived(model: ChatModel, payload: StreamedPayload): ChatModel {
  const event = payload.event;
  if (event.conversationId !== model.conversationId) return model;
  let next = model;
  let live = model.live;
  if (live?.turnId !== event.turnId) {
    next = startTurn(model, event);
    live = next.live;
  }
  if (!live || event.seq <= live.lastSeq) return next;
  live = { ...live, lastSeq: event.seq };
  return applyEvent({ ...next, live }, live, payload);
}

/** A turn this view has not seen: the person's outgoing message or a stored reply joins it. */
function startTurn(model: ChatModel, event: ConversationEvent): ChatModel {
  const previous = model.live;
  // A finished turn that was not read back yet stays in the history as it is.
  const messages = previous ? [...model.messages, ...previous.added] : [...model.messages];
  const added: ChatMessage[] = model.outgoing ? [model.outgoing] : [];
  const live = newLiveTurn(event.turnId, added);
  // Opened while the turn ran: the stored reply in progress is the draft to continue.
  const last = messages.at(-1);
  if (!model.outgoing && last?.role === 'assistant' && last.status === 'streaming') {
    messages.pop();
    live.draft = { ...last, live: { turnId: event.turnId, step: 0, partial: false } };
  }
  return { ...model, messages, live, outgoing: null };
}

function applyEvent(model: ChatModel, live: LiveTurn, payload: StreamedPayload): ChatModel {
  const event = payload.event;
  switch (event.type) {
    case 'turnStarted':
      return { ...model, live: { ...live, model: event.model } };
    case 'requestStarted':
      return { ...model, live: { ...live, retry: null } };
    case 'retrying':
      return {
        ...model,
        live: {
          ...live,
          retry: {
            attempt: event.attempt,
            delayMs: event.delayMs,
            at: event.at,
            reason: event.reason,
          },
        },
      };
    case 'textDelta':
      return { ...model, live: streamedDelta(live, event, 'text') };
    case 'reasoningDelta':
      return { ...model, live: streamedDelta(live, event, 'reasoning') };
    case 'usage':
      return { ...model, live: usageArrived(live, event) };
    case 'messageAdded':
      return { ...model, live: messageAdded(live, event) };
    case 'toolInputDelta':
      return withCard({ ...model, live: toolUseDrafted(live, event) }, event.toolUseId, (card) => ({
        toolUseId: event.toolUseId,
        server: payload.tool?.server ?? serverOf(event.modelName),
        tool: payload.tool?.tool ?? toolOf(event.modelName),
        modelName: event.modelName,
        arguments: undefined,
        status: 'pending',
        ...(payload.tool?.uiResourceUri ? { uiResourceUri: payload.tool.uiResourceUri } : {}),
        ...card,
        partialInput: (card?.partialInput ?? '') + event.json,
      }));
    case 'toolUseStarted':
      return withCard(model, event.toolUseId, (card) => ({
        toolUseId: event.toolUseId,
        server: payload.tool?.server ?? card?.server ?? serverOf(event.modelName),
        tool: payload.tool?.tool ?? card?.tool ?? toolOf(event.modelName),
        modelName: event.modelName,
        ...(payload.tool?.uiResourceUri ? { uiResourceUri: payload.tool.uiResourceUri } : {}),
        ...card,
        // The whole input now, also over what a card drafted while it was being written.
        arguments: event.input,
        status: card?.status === 'awaiting-approval' ? card.status : 'running',
        startedAt: card?.startedAt ?? event.at,
      }));
    case 'toolProgress':
      return withCard(model, event.toolUseId, (card) =>
        card
          ? {
              ...card,
              status: card.status === 'awaiting-approval' ? 'running' : card.status,
              progress: {
                progress: event.progress,
                ...(event.total !== undefined ? { total: event.total } : {}),
                ...(event.message !== undefined ? { message: event.message } : {}),
              },
            }
          : undefined,
      );
    case 'toolResult':
      return withCard(model, event.toolUseId, (card) => ({
        toolUseId: event.toolUseId,
        server: payload.tool?.server ?? serverOf(event.modelName),
        tool: payload.tool?.tool ?? toolOf(event.modelName),
        modelName: event.modelName,
        arguments: undefined,
        ...(payload.tool?.uiResourceUri ? { uiResourceUri: payload.tool.uiResourceUri } : {}),
        ...card,
        status: resultStatus(event.status, card?.status),
        durationMs: event.durationMs,
        totalChars: event.totalChars,
        truncated: event.truncated,
        outcome: event.outcome,
      }));
    case 'turnFinished':
      return turnFinished(model, live, event.stop);
  }
}

/** Who writes the turn's replies, as stored messages say it. */
function writer(live: LiveTurn): { provider?: string; model?: string } {
  if (!live.model) return {};
  const { provider, model } = parseModelRef(live.model);
  return { provider, model };
}

/** The reply being written in `event.step`, with `change` applied to its blocks. */
function inDraft(
  live: LiveTurn,
  event: { step: number; at: number },
  change: (content: MessageBlock[]) => void,
): LiveTurn {
  let { draft, added } = live;
  // A reply of an earlier step that never got its message: keep what it said.
  if (draft && draft.live && draft.live.step !== 0 && draft.live.step !== event.step) {
    added = [...added, { ...draft, live: { ...draft.live, partial: true } }];
    draft = null;
  }
  const base: ChatMessage = draft ?? {
    id: liveMessageId(live.turnId, event.step, 'assistant'),
    ordinal: -1,
    role: 'assistant',
    content: [],
    status: 'streaming',
    createdAt: event.at,
    ...writer(live),
    live: { turnId: live.turnId, step: event.step, partial: false },
  };
  const content = [...base.content];
  change(content);
  const step = base.live?.step === 0 ? event.step : (base.live?.step ?? event.step);
  return {
    ...live,
    added,
    retry: null,
    draft: { ...base, content, live: { turnId: live.turnId, step, partial: false } },
  };
}

function streamedDelta(
  live: LiveTurn,
  event: ConversationEventOf<'textDelta' | 'reasoningDelta'>,
  kind: 'text' | 'reasoning',
): LiveTurn {
  return inDraft(live, event, (content) => {
    while (content.length < event.blockIndex) content.push({ type: 'text', text: '' });
    const block = content[event.blockIndex];
    if (block === undefined) content.push({ type: kind, text: event.text });
    else if (block.type === 'text' || block.type === 'reasoning') {
      content[event.blockIndex] = { ...block, text: block.text + event.text };
    }
  });
}

/** A tool call the model is still writing shows as its card (its App can start meanwhile). */
function toolUseDrafted(live: LiveTurn, event: ConversationEventOf<'toolInputDelta'>): LiveTurn {
  if (live.draft?.content[event.blockIndex]?.type === 'tool_use') return live;
  return inDraft(live, event, (content) => {
    while (content.length <= event.blockIndex) content.push({ type: 'text', text: '' });
    content[event.blockIndex] = {
      type: 'tool_use',
      id: event.toolUseId,
      name: event.modelName,
      input: {},
    };
  });
}

function usageArrived(live: LiveTurn, event: ConversationEventOf<'usage'>): LiveTurn {
  const usage = { ...live.usage, [event.step]: event.usage };
  const index = live.added.findIndex((m) => m.role === 'assistant' && m.live?.step === event.step);
  if (index === -1) {
    const draft = live.draft && { ...live.draft, usage: event.usage };
    return { ...live, usage, draft };
  }
  const added = [...live.added];
  const message = added[index];
  if (message) added[index] = { ...message, usage: event.usage };
  return { ...live, usage, added };
}

function messageAdded(live: LiveTurn, event: ConversationEventOf<'messageAdded'>): LiveTurn {
  const { role, content } = event.message;
  const blocks: MessageBlock[] =
    typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  const usage = role === 'assistant' ? live.usage[event.step] : undefined;
  const message: ChatMessage = {
    id: liveMessageId(live.turnId, event.step, role),
    ordinal: -1,
    role,
    content: blocks,
    status: event.partial ? 'streaming' : 'complete',
    createdAt: event.at,
    ...(usage ? { usage } : {}),
    ...(role === 'assistant' ? writer(live) : {}),
    live: { turnId: live.turnId, step: event.step, partial: event.partial },
  };
  // The reply replaces its draft; a tool-result carrier leaves the draft alone (there is none).
  return {
    ...live,
    draft: role === 'assistant' ? null : live.draft,
    added: [...live.added, message],
  };
}

function turnFinished(model: ChatModel, live: LiveTurn, stop: TurnStop): ChatModel {
  const ending: MessageStatus =
    stop.reason === 'failed' ? 'failed' : stop.reason === 'stopped' ? 'stopped' : 'complete';
  const close = (m: ChatMessage): ChatMessage =>
    m.status !== 'streaming'
      ? m
      : {
          ...m,
          status: ending,
          ...(stop.reason === 'failed' ? { error: stop.error } : {}),
        };
  const added = live.draft ? [...live.added, live.draft] : live.added;
  const toolCalls = { ...model.toolCalls };
  for (const [id, card] of Object.entries(toolCalls)) {
    // Calls the turn left behind did not run to the end.
    if (['pending', 'running', 'awaiting-approval'].includes(card.status)) {
      toolCalls[id] = { ...card, status: 'cancelled' };
    }
  }
  return {
    ...model,
    toolCalls,
    live: { ...live, added: added.map(close), draft: null, retry: null, stop },
    lastStop: { turnId: live.turnId, stop },
  };
}

function withCard(
  model: ChatModel,
  toolUseId: string,
  update: (card: ToolCard | undefined) => ToolCard | undefined,
): ChatModel {
  const card = update(model.toolCalls[toolUseId]);
  return card ? { ...model, toolCalls: { ...model.toolCalls, [toolUseId]: card } } : model;
}

function resultStatus(
  status: ConversationEventOf<'toolResult'>['status'],
  current: ToolCallStatus | undefined,
): ToolCallStatus {
  // A denial reaches the loop as an error result; the approval already said what it was.
  if (current === 'denied' || current === 'cancelled') return current;
  if (status === 'ok') return 'done';
  if (status === 'error') return 'failed';
  return 'cancelled';
}

/** Model-facing names are `server__tool` when that fits; a best guess for a missing mapping. */
function serverOf(modelName: string): string {
  const index = modelName.indexOf('__');
  return index > 0 ? modelName.slice(0, index) : '';
}

function toolOf(modelName: string): string {
  const index = modelName.indexOf('__');
  return index > 0 ? modelName.slice(index + 2) : modelName;
}
