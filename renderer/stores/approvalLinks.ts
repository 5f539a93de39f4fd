import type { ApprovalOutcome, ApprovalRequest } from '../../shared/domain/approvals';
import type { ChatModel, ToolCard } from './chatModel';

/** JSON with sorted keys: two argument objects are the same call whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  // JSON has no undefined; an absent value and null are the same to a tool.
  return value === undefined ? 'null' : JSON.stringify(value);
}

/**
 * A call waits for the person. The request names the tool use it holds up; from an older host
 * that does not, the card is found by conversation, model-facing name and arguments: the
 * newest running call that matches and has no request yet.
 */
export function approvalRequested(model: ChatModel, request: ApprovalRequest): ChatModel {
  if (request.conversationId !== model.conversationId) return model;
  const card =
    request.toolUseId !== undefined
      ? model.toolCalls[request.toolUseId]
      : guessCard(model, request);
  if (!card) return model;
  return replaceCard(model, { ...card, status: 'awaiting-approval', requestId: request.id });
}

function guessCard(model: ChatModel, request: ApprovalRequest): ToolCard | undefined {
  const args = canonicalJson(request.arguments);
  const card = Object.values(model.toolCalls)
    .filter(
      (c) =>
        c.modelName === request.modelName &&
        c.requestId === undefined &&
        (c.status === 'running' || c.status === 'pending') &&
        c.progress === undefined &&
        canonicalJson(c.arguments ?? {}) === args,
    )
    .sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0))[0];
  return card;
}

/** The decision reached the call: it runs, or it was refused (and why), or withdrawn. */
export function approvalResolved(
  model: ChatModel,
  requestId: string,
  outcome: ApprovalOutcome,
): ChatModel {
  const card = Object.values(model.toolCalls).find((c) => c.requestId === requestId);
  if (!card) return model;
  const status =
    outcome.kind === 'allowed'
      ? card.status === 'awaiting-approval'
        ? 'running'
        : card.status
      : outcome.cancelled
        ? 'cancelled'
        : 'denied';
  return replaceCard(model, { ...card, status, approval: outcome });
}

function replaceCard(model: ChatModel, card: ToolCard): ChatModel {
  return { ...model, toolCalls: { ...model.toolCalls, [card.toolUseId]: card } };
}
