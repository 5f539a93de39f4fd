import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalDecision, ApprovalRequest } from '../../../shared/domain/approvals';
import { MAX_DENY_REASON } from '../../../shared/domain/reasonLimits';
import { useModalDialog } from '../../components/useModalDialog';
import { conversationLabel } from '../../stores/conversationsReducers';
import {
  useApprovalsStore,
  useAppsStore,
  useChatStore,
  useConversationsStore,
} from '../../stores/StoresContext';
import { useAskerNames } from './useAskerNames';
import { ApprovalRequestView } from './ApprovalRequestView';
import { useErrorText } from '../../i18n/hostText';

/**
 * One request, modal and focus-trapped. Esc does nothing: a tool call is allowed or denied
 * by an explicit choice, never by dismissing the dialog.
 */
export function ApprovalModal({ request, count }: { request: ApprovalRequest; count: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const respond = useApprovalsStore((s) => s.respond);
  const responding = useApprovalsStore((s) => s.responding[request.id] === true);
  const asker = useAskerNames(request);
  const error = useApprovalsStore((s) => s.errors[request.id]);
  const openId = useChatStore((s) => s.conversationId);
  const conversation = useConversationsStore((s) =>
    s.conversations.find((c) => c.id === request.conversationId),
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [reason, setReason] = useState('');
  const appId = request.caller?.appId;
  const fromApp = useAppsStore((s) => (appId ? (s.consentsWaiting[appId] ?? 0) : 0));

  // Focus starts at the title, so Enter pressed by habit does not allow anything.
  useModalDialog(dialog, heading);

  const decide = (decision: ApprovalDecision): void => void respond(request.id, decision);
  const deny = (): void => {
    const text = reason.trim();
    decide(text ? { kind: 'deny', reason: text } : { kind: 'deny' });
  };
  const title = conversation ? conversationLabel(conversation) || t('conversations.untitled') : '';

  return (
    <dialog
      ref={dialog}
      className="dialog approval-dialog"
      aria-labelledby="approval-heading"
      aria-describedby="approval-tool"
      onCancel={(event) => event.preventDefault()}
      // The browser may still close a modal after repeated Esc; the request is still waiting.
      onClose={(event) => {
        const element = event.currentTarget;
        if (!element.open && typeof element.showModal === 'function') element.showModal();
      }}
      data-testid="approval-dialog"
    >
      <div className="dialog__header">
        <h2 id="approval-heading" ref={heading} tabIndex={-1}>
          {t('approvals.title')}
        </h2>
        {count > 1 && (
          <span className="badge" data-testid="approval-queue">
            {t('approvals.queue', { index: 1, count })}
          </span>
        )}
        {fromApp > 0 && (
          <span className="badge badge--app" data-testid="approval-app-queue">
            {t('apps.moreFromApp', { count: fromApp })}
          </span>
        )}
      </div>
      <div className="dialog__body">
        {title && (
          <p className={request.conversationId === openId ? 'muted' : 'notice notice--warn'}>
            {request.conversationId === openId
              ? t('approvals.inConversation', { title })
              : t('approvals.otherConversation', { title })}
          </p>
        )}
        <ApprovalRequestView request={request} />
        <div className="field">
          <label htmlFor="deny-reason" className="field__label">
            {t('approvals.denyReason', { who: asker.object })}
          </label>
          <input
            id="deny-reason"
            className="input"
            value={reason}
            maxLength={MAX_DENY_REASON}
            placeholder={t('approvals.denyPlaceholder')}
            onChange={(e) => setReason(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                deny();
              }
            }}
          />
        </div>
        {error && (
          <p className="field__error" role="alert">
            {t('approvals.failed', { message: errorText(error) })}
          </p>
        )}
      </div>
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--danger"
          disabled={responding}
          onClick={deny}
          data-testid="approval-deny"
        >
          {t('approvals.deny')}
        </button>
        <span className="dialog__spacer" />
        <button
          type="button"
          className="button"
          disabled={responding}
          onClick={() => decide({ kind: 'allow', scope: 'always' })}
          data-testid="approval-always"
        >
          {t('approvals.allowAlways')}
        </button>
        <button
          type="button"
          className="button"
          disabled={responding}
          onClick={() => decide({ kind: 'allow', scope: 'conversation' })}
          data-testid="approval-chat"
        >
          {t('approvals.allowChat')}
        </button>
        {appId && (
          <button
            type="button"
            className="button"
            disabled={responding}
            title={t('approvals.allowAppHint')}
            onClick={() => decide({ kind: 'allow', scope: 'app' })}
            data-testid="approval-app"
          >
            {t('approvals.allowApp')}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={responding}
          onClick={() => decide({ kind: 'allow', scope: 'once' })}
          data-testid="approval-once"
        >
          {t('approvals.allowOnce')}
        </button>
      </div>
    </dialog>
  );
}
