import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppContextView } from '../../../shared/domain/apps';
import { useAppsStore, useChatStore } from '../../stores/StoresContext';

const none: AppContextView[] = [];

/**
 * What Apps left for the model in this conversation (context they set, or the note that one
 * did not render): shown above the composer, since it goes with the next message sent.
 */
export function AppContextChips() {
  const { t } = useTranslation();
  const conversationId = useChatStore((s) => s.conversationId);
  const contexts = useAppsStore((s) =>
    conversationId ? (s.pendingContext[conversationId] ?? none) : none,
  );
  const load = useAppsStore((s) => s.loadPendingContext);
  useEffect(() => {
    if (conversationId) void load(conversationId);
  }, [conversationId, load]);
  if (contexts.length === 0) return null;
  return (
    <ul className="app-context" data-testid="app-context">
      {contexts.map((c) => (
        <li key={`${c.kind}-${c.toolUseId}`} className="app-context__item" title={c.text}>
          {c.kind === 'context'
            ? t('apps.contextPending', { tool: c.tool })
            : t('apps.statusPending', { tool: c.tool })}
        </li>
      ))}
    </ul>
  );
}
