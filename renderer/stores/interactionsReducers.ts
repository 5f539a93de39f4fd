import type { InteractionView } from '../../shared/domain/interactions';

/** Adds or replaces an interaction, keeping the list oldest first. */
export function upsertInteraction(
  list: readonly InteractionView[],
  interaction: InteractionView,
): InteractionView[] {
  const rest = list.filter((i) => i.id !== interaction.id);
  return [...rest, interaction].sort((a, b) => a.createdAt - b.createdAt);
}

/** Whether an interaction is shown inline in the open conversation instead of the queue. */
export function shownInline(interaction: InteractionView, openConversationId: string | null) {
  return openConversationId !== null && interaction.origin.conversationId === openConversationId;
}

/** The queue: every waiting interaction not already shown inline in the open conversation. */
export function queued(
  list: readonly InteractionView[],
  openConversationId: string | null,
): InteractionView[] {
  return list.filter((i) => !shownInline(i, openConversationId));
}

/**
 * Per-field messages main gave with a VALIDATION error: `{fields: {name: message}}`, or the
 * dispatcher's `{issues: [{path: 'response.content.name', message}]}`.
 */
export function fieldErrorsOf(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof data !== 'object' || data === null) return out;
  const record = data as Record<string, unknown>;
  if (typeof record.fields === 'object' && record.fields !== null) {
    for (const [name, message] of Object.entries(record.fields as Record<string, unknown>)) {
      if (typeof message === 'string') out[name] = message;
    }
  }
  if (Array.isArray(record.issues)) {
    for (const issue of record.issues as unknown[]) {
      if (typeof issue !== 'object' || issue === null) continue;
      const { path, field, message } = issue as Record<string, unknown>;
      if (typeof message !== 'string') continue;
      const name =
        typeof field === 'string'
          ? field
          : typeof path === 'string'
            ? path.replace(/^(response\.)?content\./, '').split('.')[0]
            : Array.isArray(path)
              ? String(path.at(-1) ?? '')
              : '';
      if (name) out[name] ??= message;
    }
  }
  return out;
}
