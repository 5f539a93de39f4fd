import { useMemo } from 'react';
import { useInteractionsStore } from '../../stores/StoresContext';
import { InteractionPanel } from './InteractionPanel';

/** Requests made while a turn of this conversation ran: shown in the conversation itself. */
export function InlineInteractions({ conversationId }: { conversationId: string | null }) {
  const pending = useInteractionsStore((s) => s.pending);
  const here = useMemo(
    () =>
      conversationId === null
        ? []
        : pending.filter((i) => i.origin.conversationId === conversationId),
    [pending, conversationId],
  );
  if (here.length === 0) return null;
  return (
    <div className="interactions-inline" data-testid="interactions-inline">
      {here.map((interaction) => (
        <InteractionPanel key={interaction.id} interaction={interaction} />
      ))}
    </div>
  );
}
