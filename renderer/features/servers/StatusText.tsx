import { useTranslation } from 'react-i18next';
import type { ServerStatus } from '../../../shared/domain/serverStatus';
import { useNow } from '../../components/useNow';
import { statusSummary } from './statusSummary';

/** The few-word label of a status; only a restart countdown subscribes to the clock. */
export function StatusText({ status }: { status: ServerStatus }) {
  return status.kind === 'restarting' ? (
    <Countdown status={status} />
  ) : (
    <Label status={status} now={0} />
  );
}

function Countdown({ status }: { status: ServerStatus }) {
  return <Label status={status} now={useNow()} />;
}

function Label({ status, now }: { status: ServerStatus; now: number }) {
  const { t } = useTranslation();
  const summary = statusSummary(status, now);
  return <>{t(summary.key, summary.params)}</>;
}
