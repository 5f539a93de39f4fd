import { useTranslation } from 'react-i18next';
import type { ApprovalRequest } from '../../../shared/domain/approvals';
import { useChatStore } from '../../stores/StoresContext';
import { useModelName } from '../providers/useModelName';

/** Who asks for a call, as a sentence's subject ("DeepSeek calls it") and object ("… sees it"). */
export interface AskerNames {
  subject: string;
  object: string;
}

/**
 * Names whoever asks for `request`: the App that asked; else the model running the turn when it
 * is the open conversation's (Claude, DeepSeek, …); else "the model", never a guess.
 */
export function useAskerNames(
  request: Pick<ApprovalRequest, 'conversationId' | 'caller'>,
): AskerNames {
  const { t } = useTranslation();
  const running = useChatStore((s) =>
    s.conversationId === request.conversationId ? s.live?.model : undefined,
  );
  const name = useModelName(running ?? '');
  if (request.caller) return { subject: t('approvals.theApp'), object: t('approvals.theApp') };
  if (!running) return { subject: t('approvals.modelSubject'), object: t('approvals.modelObject') };
  return { subject: name, object: name };
}
