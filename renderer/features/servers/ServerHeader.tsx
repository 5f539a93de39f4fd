import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ServerDetail, ServerView } from '../../../shared/domain/mcpViews';
import { useAppStore, useServersStore } from '../../stores/StoresContext';
import { StatusDot } from './StatusDot';
import { StatusText } from './StatusText';
import { statusSummary } from './statusSummary';
import { TrustReadOnlySwitch } from './TrustReadOnlySwitch';
import { useErrorText } from '../../i18n/hostText';
import { formatCpu, formatMemory } from './formatCost';
import { useCostSampling } from './useCostSampling';

/**
 * Name, status, how it is reached and what it said it is; Restart and Enable/Disable, and
 * whether its read-only tools may run without asking.
 */
export function ServerHeader({ server, detail }: { server: ServerView; detail?: ServerDetail }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const pending = useServersStore((s) => s.pending[server.name]);
  const actionError = useServersStore((s) => s.actionErrors[server.name]);
  const restart = useServersStore((s) => s.restart);
  const setEnabled = useServersStore((s) => s.setEnabled);
  const setView = useAppStore((s) => s.setView);
  const status = server.status;
  const ready = status.kind === 'ready' ? status : undefined;
  const info = ready?.serverInfo ?? detail?.serverInfo;
  const protocolVersion = ready?.protocolVersion ?? detail?.protocolVersion;
  const tone = statusSummary(status, 0).tone;
  // What it costs is measured only while its screen is open.
  useCostSampling();
  const cost = useServersStore((s) =>
    ready?.pid !== undefined
      ? s.costs?.servers.find((c) => c.server === server.name && c.pid === ready.pid)
      : undefined,
  );

  const facts: { label: string; value: string; title?: string }[] = [
    { label: t('server.transport'), value: t(`server.transports.${server.transport}`) },
  ];
  if (protocolVersion) {
    const earlier = ready?.era === 'legacy' ? ` ${t('serverFacts.earlier')}` : '';
    facts.push({
      label: t('serverFacts.version'),
      value: `${protocolVersion}${earlier}`,
      ...(ready ? { title: t(`serverFacts.versionHint.${ready.era}`) } : {}),
    });
  }
  if (info) {
    const name = info.title ? `${info.title} (${info.name})` : info.name;
    facts.push({ label: t('server.implementation'), value: `${name} ${info.version}` });
  }
  if (ready?.pid !== undefined) facts.push({ label: t('server.pid'), value: String(ready.pid) });
  if (cost) {
    facts.push({
      label: t('onDemand.screen.memory'),
      value: `${formatMemory(cost.rssBytes)} · ${t('onDemand.screen.processes', { count: cost.processes })}`,
      ...(cost.growing ? { title: t('onDemand.screen.growingHint') } : {}),
    });
    facts.push({ label: t('onDemand.screen.cpu'), value: formatCpu(cost.cpuPercent) });
  }

  return (
    <header className="server-header">
      <div className="server-header__top">
        <h1 className="server-header__name">{server.name}</h1>
        <span className={`status-badge status-badge--${tone}`} data-testid="server-status">
          <StatusDot status={status} />
          <StatusText status={status} />
        </span>
        {server.sandboxed && (
          <span
            className="chip chip--ok"
            title={t('sandbox.badgeTitle')}
            data-testid="server-sandboxed"
          >
            <ShieldCheck aria-hidden className="chip__icon" />
            {t('sandbox.badge')}
          </span>
        )}
        <div className="server-header__actions">
          <button
            type="button"
            className="button"
            onClick={() => setView({ kind: 'serverForm', name: server.name })}
            data-testid="server-edit"
          >
            {t('serverForm.edit')}
          </button>
          <button
            type="button"
            className="button"
            disabled={pending !== undefined || server.disabled}
            onClick={() => void restart(server.name)}
            data-testid="server-restart"
          >
            {pending === 'restart' ? t('server.restarting') : t('server.restart')}
          </button>
          <button
            type="button"
            className="button"
            disabled={pending !== undefined}
            onClick={() => void setEnabled(server.name, server.disabled)}
            data-testid="server-toggle"
          >
            {server.disabled ? t('server.enable') : t('server.disable')}
          </button>
        </div>
      </div>
      <code className="server-header__target" title={server.target}>
        {server.target}
      </code>
      <dl className="facts">
        {facts.map((fact) => (
          <div key={fact.label} className="facts__item" title={fact.title}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <TrustReadOnlySwitch server={server.name} />
      {actionError && (
        <p className="field__error" role="alert">
          {t('server.actionFailed', { message: errorText(actionError) })}
        </p>
      )}
    </header>
  );
}
