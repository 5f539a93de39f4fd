import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import { isRunning } from '../../stores/chatModel';
import { useChatStore } from '../../stores/StoresContext';

/** "← 2 / 3 →" under an edited message: each version, with what followed it, stays reachable. */
export function BranchNav({
  messageId,
  branch,
}: {
  messageId: string;
  branch: { index: number; count: number };
}) {
  const { t } = useSharedTranslation();
  const switchBranch = useChatStore((s) => s.switchBranch);
  const running = useChatStore(isRunning);
  return (
    <div className="branch-nav" role="group" aria-label={t('messageActions.versions')}>
      <button
        type="button"
        className="icon-button message-action"
        aria-label={t('messageActions.previousVersion')}
        title={t('messageActions.previousVersion')}
        disabled={running || branch.index <= 1}
        onClick={() => void switchBranch(messageId, 'previous')}
        data-testid="branch-previous"
      >
        <ChevronLeft />
      </button>
      <span
        className="branch-nav__position"
        title={t('messageActions.versionOf', branch)}
        data-testid="branch-position"
      >
        {branch.index} / {branch.count}
      </span>
      <button
        type="button"
        className="icon-button message-action"
        aria-label={t('messageActions.nextVersion')}
        title={t('messageActions.nextVersion')}
        disabled={running || branch.index >= branch.count}
        onClick={() => void switchBranch(messageId, 'next')}
        data-testid="branch-next"
      >
        <ChevronRight />
      </button>
    </div>
  );
}
