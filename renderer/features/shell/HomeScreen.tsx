import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppStore, useServersStore } from '../../stores/StoresContext';
import { useModelKeyReady } from '../providers/useModelKeyReady';
import { useOpenChat } from '../chat/useOpenChat';

/** The main pane when no conversation is open: what to do first. */
export function HomeScreen() {
  const { t } = useTranslation();
  const keySet = useModelKeyReady();
  const serverCount = useServersStore((s) => s.servers.length);
  const setView = useAppStore((s) => s.setView);
  const openChat = useOpenChat();
  const serversDone = serverCount > 0;
  return (
    <div className="home" data-testid="home">
      <h1 className="home__title">{t('home.title')}</h1>
      <p className="home__subtitle">{t('home.subtitle')}</p>
      <ol className="steps">
        <li className={`step${keySet ? ' step--done' : ''}`}>
          <span className="step__mark" aria-hidden="true">
            {keySet ? <Check /> : '1'}
          </span>
          <span className="step__text">{keySet ? t('home.stepKeyDone') : t('home.stepKey')}</span>
          <button type="button" className="button" onClick={() => setView({ kind: 'settings' })}>
            {t('home.openSettings')}
          </button>
        </li>
        <li className={`step${serversDone ? ' step--done' : ''}`}>
          <span className="step__mark" aria-hidden="true">
            {serversDone ? <Check /> : '2'}
          </span>
          <span className="step__text">
            {serversDone
              ? t('home.stepServersDone', { count: serverCount })
              : t('home.stepServers')}
          </span>
          <button type="button" className="button" onClick={() => setView({ kind: 'config' })}>
            {t('servers.editFile')}
          </button>
        </li>
        <li className="step">
          <span className="step__mark" aria-hidden="true">
            3
          </span>
          <span className="step__text">{t('home.stepChat')}</span>
          <button
            type="button"
            className={`button${keySet ? ' button--primary' : ''}`}
            onClick={() => openChat(null)}
            data-testid="home-new-chat"
          >
            {t('sidebar.newChat')}
          </button>
        </li>
      </ol>
    </div>
  );
}
