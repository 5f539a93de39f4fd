import { useEffect } from 'react';
import { useEventsStore } from '../../stores/StoresContext';

/** Reads the events from main the first time a view that shows them mounts. */
export function useEventsLoaded(): void {
  const loaded = useEventsStore((s) => s.loaded);
  const load = useEventsStore((s) => s.load);
  useEffect(() => {
    if (!loaded) void load();
  }, [loaded, load]);
}

/** Unseen events: all of them, or one conversation's (what a badge shows). */
export function useUnseenEvents(conversationId?: string): number {
  return useEventsStore((s) =>
    conversationId === undefined
      ? s.unseen
      : s.cards.filter((c) => c.conversationId === conversationId && !c.seen).length,
  );
}

/** The conversation of the newest unseen event, if any. */
export function useNewestUnseenConversation(): string | undefined {
  return useEventsStore((s) => {
    for (let i = s.cards.length - 1; i >= 0; i--) {
      const card = s.cards[i];
      if (card && !card.seen) return card.conversationId;
    }
    return undefined;
  });
}
