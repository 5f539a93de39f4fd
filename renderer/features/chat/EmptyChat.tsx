import { AppLogo } from '../../components/AppLogo';
import { useTranslation } from 'react-i18next';
import { useAppStore, useServersStore } from '../../stores/StoresContext';
import { useModelKeyReady } from '../providers/useModelKeyReady';
import { useModelName, useSelectedModel } from '../providers/useModelName';
import { StatusDot } from '../servers/StatusDot';

/**
 * A new chat: whose tools the model can use (only servers that are ready count), which servers
 * are not available (each opens its screen, which says why), and what is missing, if anything.
 */
export function EmptyChat({ conversationModel }: { conversationModel?: string | undefined }) {
  const { t } = useTranslation();
  const name = useModelName(useSelectedModel(conversationModel));
  const servers = useServersStore((s) => s.servers);
  const keySet = useModelKeyReady();
  const setView = useAppStore((s) => s.setView);
  const ready = servers.filter((s) => s.status.kind === 'ready').length;
  const starting = servers.filter((s) => s.status.kind === 'starting').length;
  const unavailable = servers.filter((s) =>
    ['error', 'restarting', 'needs-sign-in'].includes(s.status.kind),
  );
  return (
    <div className="chat__empty" data-testid="chat-empty">
      <AppLogo className="chat__empty-logo" size={40} />
      <h2 className="chat__empty-title">{t('chat.emptyTitle')}</h2>
      <p className="muted" data-testid="empty-servers">
        {servers.length === 0
          ? t('chat.emptyNoServers', { name })
          : ready > 0
            ? t('emptyChat.ready', { count: ready, name })
            : t('emptyChat.noneReady', { name })}
        {starting > 0 && <> {t('emptyChat.starting', { count: starting })}</>}
      </p>
      {unavailable.length > 0 && (
        <p className="chat__unavailable" data-testid="empty-unavailable">
          <span className="muted">{t('emptyChat.unavailable')}</span>
          {unavailable.map((server) => (
            <button
              key={server.name}
              type="button"
              className="chip chat__unavailable-server"
              title={t('emptyChat.openServer', { name: server.name })}
              onClick={() => setView({ kind: 'server', name: server.name })}
            >
              <StatusDot status={server.status} />
              {server.name}
            </button>
          ))}
        </p>
      )}
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
