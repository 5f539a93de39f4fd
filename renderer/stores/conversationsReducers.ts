import type { ConversationSummary } from '../../shared/domain/conversationViews';

/** Newest activity first, as main lists them; ties keep a stable order by id. */
export function sortConversations(list: readonly ConversationSummary[]): ConversationSummary[] {
  return [...list].sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
}

/** Adds or replaces one conversation and keeps the list in order. */
export function upsertConversation(
  list: readonly ConversationSummary[],
  summary: ConversationSummary,
): ConversationSummary[] {
  const rest = list.filter((c) => c.id !== summary.id);
  // The list's summaries carry no snippet: that belongs to one search's answer.
  const { snippet: _snippet, ...plain } = summary;
  return sortConversations([...rest, plain]);
}

/** The list without one conversation (the same array when it was not there). */
export function removeConversation(
  list: readonly ConversationSummary[],
  id: string,
): ConversationSummary[] {
  return list.some((c) => c.id === id)
    ? list.filter((c) => c.id !== id)
    : (list as ConversationSummary[]);
}

/**
 * Search results follow live changes (a rename, a turn starting) but keep their order and
 * their snippet: the answer was about the text that matched, which a title change does not move.
 */
export function patchResults(
  results: readonly ConversationSummary[],
  summary: ConversationSummary,
): ConversationSummary[] {
  const index = results.findIndex((c) => c.id === summary.id);
  if (index === -1) return results as ConversationSummary[];
  const next = [...results];
  const current = results[index];
  next[index] = current?.snippet === undefined ? summary : { ...summary, snippet: current.snippet };
  return next;
}

/** The name a conversation goes by: its title, else the start of its last message. */
export function conversationLabel(summary: Pick<ConversationSummary, 'title' | 'preview'>): string {
  return summary.title.trim() || summary.preview?.trim() || '';
}
