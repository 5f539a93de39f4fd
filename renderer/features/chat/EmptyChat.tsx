import { useTranslation } from 'react-i18next';
import { useAppStore, useServersStore } from '../../stores/StoresContext';
import { useModelKeyReady } from '../providers/useModelKeyReady';
import { useModelName, useSelectedModel } from '../providers/useModelName';

/** A new chat: what the model can do here, and the one thing missing if something is. */
export function EmptyChat({ conversationModel }: { conversationModel?: string | undefined }) {
  const { t } = useTranslation();
  const name = useModelName(useSelectedModel(conversationModel));
  const servers = useServersStore((s) => s.servers.length);
  const keySet = useModelKeyReady();
  const setView = useAppStore((s) => s.setView);
  return (
    <div className="chat__empty" data-testid="chat-empty">
      <img className="chat__empty-logo" src="./favicon.svg" alt="" width={40} height={40} />
      <h2 className="chat__empty-title">{t('chat.emptyTitle')}</h2>
      <p className="muted">
        {servers > 0
          ? t('chat.emptyServers', { count: servers, name })
          : t('chat.emptyNoServers', { name })}
      </p>
      {!keySet && (
        <p className="notice notice--warn notice--actions">
          <span>{t('chat.emptyNoKey')}</span>
          <button
            type="button"
            className="button button--small"
            onClick={() => setView({ kind: 'settings' })}
          >
            {t('chat.openSettings')}
          </button>
        </p>
      )}
    </div>
  );
}
