import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { declaresSkills } from '../../../shared/domain/skills';
import { TabPanel, Tabs } from '../../components/Tabs';
import { SkillsTab } from '../skills/SkillsTab';
import { valueOf } from '../../stores/loadable';
import { useAppStore, useServersStore } from '../../stores/StoresContext';
import { AppsTab } from '../apps/AppsTab';
import { FailurePanel } from './FailurePanel';
import { InfoTab } from './InfoTab';
import { LogsTab } from './LogsTab';
import { PromptsTab } from './PromptsTab';
import { ResourcesTab } from './ResourcesTab';
import { ServerHeader } from './ServerHeader';
import { SignInPanel } from './SignInPanel';
import { ToolsTab } from './ToolsTab';
import { TrafficTab } from './TrafficTab';
import { useErrorText } from '../../i18n/hostText';
import { RememberedNotice } from './RememberedNotice';
import { SandboxBanner } from '../sandbox/SandboxBanner';
import { SandboxTab } from '../sandbox/SandboxTab';

const tabIds = [
  'tools',
  'resources',
  'prompts',
  'apps',
  'skills',
  'logs',
  'traffic',
  'sandbox',
  'info',
] as const;
export type ServerTab = (typeof tabIds)[number];

/** One server: who it is, how it is doing, and everything it offers and said. */
export function ServerDetailScreen({ name }: { name: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const server = useServersStore((s) => s.servers.find((v) => v.name === name));
  const detail = useServersStore((s) => s.details[name]);
  const openServer = useServersStore((s) => s.openServer);
  const setView = useAppStore((s) => s.setView);
  const [tab, setTab] = useState<ServerTab>('tools');
  const exists = server !== undefined;

  useEffect(() => {
    if (exists) void openServer(name);
  }, [exists, name, openServer]);

  if (!server) {
    return (
      <div className="server-detail server-detail--missing" data-testid="server-detail">
        <h1 className="server-detail__missing-title">{t('server.missingTitle', { name })}</h1>
        <p className="muted">{t('server.missingBody')}</p>
        <button type="button" className="button" onClick={() => setView({ kind: 'config' })}>
          {t('servers.editFile')}
        </button>
      </div>
    );
  }

  const toolCount = valueOf(detail)?.tools.length ?? 0;
  const labels: Record<ServerTab, string> = {
    // A count of 0 from a server that is not running says nothing: leave it out.
    tools:
      !toolCount && server.status.kind !== 'ready'
        ? t('server.tabs.tools')
        : t('server.tabs.toolsCount', { count: toolCount }),
    resources: t('server.tabs.resources'),
    prompts: t('server.tabs.prompts'),
    apps: t('apps.tab'),
    skills: t('skills.tab'),
    logs: t('server.tabs.logs'),
    traffic: t('server.tabs.traffic'),
    sandbox: t('sandbox.tab'),
    info: t('server.tabs.info'),
  };
  const idPrefix = 'server-tabs';
  // Skills only for a server that declares the extension (most do not); the sandbox only for
  // local servers.
  const shown = tabIds.filter(
    (id) =>
      (id !== 'skills' || declaresSkills(valueOf(detail)?.capabilities)) &&
      (id !== 'sandbox' || server.transport === 'stdio'),
  );
  const status = server.status;

  return (
    <div className="server-detail" data-testid="server-detail">
      <ServerHeader server={server} detail={valueOf(detail)} />
      {status.kind === 'error' && (
        <FailurePanel
          failure={status.failure}
          remote={server.transport !== 'stdio'}
          onShowLogs={() => setTab('logs')}
        />
      )}
      {status.kind === 'restarting' && (
        <FailurePanel
          failure={status.lastFailure}
          retry={{ attempt: status.attempt, at: status.nextRetryAt }}
          remote={server.transport !== 'stdio'}
          onShowLogs={() => setTab('logs')}
        />
      )}
      {status.kind === 'needs-sign-in' && <SignInPanel name={name} status={status} />}
      {status.kind === 'remembered' && <RememberedNotice status={status} />}
      {status.kind === 'starting' && (
        <p className="server-detail__starting" role="status">
          <span className="spinner" aria-hidden="true" />
          {status.detail === 'installing' ? t('server.installingHint') : t('server.startingHint')}
        </p>
      )}
      {server.sandboxed && tab !== 'sandbox' && (
        <SandboxBanner server={name} onShow={() => setTab('sandbox')} />
      )}
      {detail?.state === 'failed' && (
        <p className="field__error" role="alert">
          {t('server.detailFailed', { message: errorText(detail.error) })}
        </p>
      )}
      <Tabs
        label={t('server.tabs.label')}
        idPrefix={idPrefix}
        tabs={shown.map((id) => ({ id, label: labels[id] }))}
        selected={tab}
        onSelect={setTab}
      />
      <TabPanel
        idPrefix={idPrefix}
        id={tab}
        className={`server-detail__panel server-detail__panel--${tab}`}
      >
        {tab === 'tools' && <ToolsTab server={server} detail={detail} />}
        {tab === 'resources' && <ResourcesTab server={server} detail={valueOf(detail)} />}
        {tab === 'prompts' && <PromptsTab server={server} detail={valueOf(detail)} />}
        {tab === 'apps' && <AppsTab server={server} />}
        {tab === 'skills' && <SkillsTab server={server} />}
        {tab === 'logs' && <LogsTab server={name} />}
        {tab === 'traffic' && <TrafficTab server={name} />}
        {tab === 'sandbox' && <SandboxTab server={server} />}
        {tab === 'info' && <InfoTab server={server} detail={valueOf(detail)} />}
      </TabPanel>
    </div>
  );
}
