import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequest } from '../../../shared/domain/approvals';
import { BoundedText, JsonBlock } from '../../components/BoundedText';
import { HintChips } from '../servers/HintChips';
import { PinChangeView } from './PinChangeView';

/** What is being asked: which server and tool, what it says it does, with which arguments. */
export function ApprovalRequestView({ request }: { request: ApprovalRequest }) {
  const { t } = useTranslation();
  const title = request.title ?? request.toolName;
  return (
    <div className="approval">
      <div className="approval__tool">
        <p className="approval__server">
          <span className="muted">{t('approvals.server')}</span> <strong>{request.server}</strong>
          {request.sandboxed !== undefined && (
            <span
              className={`chip ${request.sandboxed ? 'chip--ok' : 'chip--warn'} approval__sandbox`}
              data-testid="approval-sandbox"
            >
              {request.sandboxed ? (
                <ShieldCheck aria-hidden className="chip__icon" />
              ) : (
                <ShieldAlert aria-hidden className="chip__icon" />
              )}
              {t(request.sandboxed ? 'sandbox.approval.sandboxed' : 'sandbox.approval.unsandboxed')}
            </span>
          )}
        </p>
        <h3 className="approval__title" id="approval-tool">
          {title}
          {request.title && <code className="approval__tool-name">{request.toolName}</code>}
        </h3>
        {request.caller ? (
          <p className="approval__caller" data-testid="approval-caller">
            {t('apps.askedByApp', { tool: request.caller.tool })}
          </p>
        ) : (
          <p className="approval__model-name muted">
            {t('approvals.modelName')} <code>{request.modelName}</code>
          </p>
        )}
      </div>
      <HintChips
        annotations={request.annotations}
        label={t('approvals.hints')}
        title={t('approvals.hints')}
      />
      {request.pinChange && <PinChangeView change={request.pinChange} />}
      <div className="approval__section">
        <h4 className="approval__label">{t('approvals.description')}</h4>
        {request.description ? (
          <BoundedText
            text={request.description}
            mono={false}
            limit={2000}
            className="approval__description"
          />
        ) : (
          <p className="muted">{t('approvals.noDescription')}</p>
        )}
      </div>
      <details className="disclosure approval__section" open>
        <summary>{t('approvals.arguments')}</summary>
        <JsonBlock value={request.arguments} className="approval__args" />
      </details>
    </div>
  );
}
