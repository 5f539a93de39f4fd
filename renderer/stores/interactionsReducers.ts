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
