import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REJECT_REASON } from '../../../shared/domain/reasonLimits';

/**
 * The panel's action row: an optional reason, Reject, and the approving buttons given as
 * children. Enter in the reason rejects, so an approval is never one keystroke away there.
 */
export function RejectControls({
  id,
  disabled,
  onReject,
  children,
}: {
  id: string;
  disabled: boolean;
  onReject: (reason?: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const reject = (): void => onReject(reason.trim() || undefined);
  return (
    // Siblings, not one box: the buttons stay in view (sticky) while the panel scrolls.
    <>
      <div className="field interaction__reason">
        <label className="field__label" htmlFor={`${id}-reason`}>
          {t('interactions.rejectReason')}
        </label>
        <input
          id={`${id}-reason`}
          className="input"
          value={reason}
          maxLength={MAX_REJECT_REASON}
          placeholder={t('interactions.rejectPlaceholder')}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              reject();
            }
          }}
          data-testid="interaction-reject-reason"
        />
      </div>
      <div className="interaction__buttons">
        <button
          type="button"
          className="button button--danger"
          disabled={disabled}
          onClick={reject}
          data-testid="interaction-reject"
        >
          {t('interactions.reject')}
        </button>
        <span className="dialog__spacer" />
        {children}
      </div>
    </>
  );
}
