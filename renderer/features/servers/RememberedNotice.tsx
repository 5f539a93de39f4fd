import { useTranslation } from 'react-i18next';
import type { ServerStatus } from '../../../shared/domain/serverStatus';
import { formatDateTime } from '../../components/formatTime';

/** A server that is not running: what its screen shows comes from its last run, and when that was. */
export function RememberedNotice({
  status,
}: {
  status: Extract<ServerStatus, { kind: 'remembered' }>;
}) {
  const { t, i18n } = useTranslation();
  const text =
    status.idleStoppedAt === undefined
      ? t('onDemand.rememberedNotice', { when: formatDateTime(status.learnedAt, i18n.language) })
      : t('onDemand.idleNotice', { when: formatDateTime(status.idleStoppedAt, i18n.language) });
  return (
    <p className="server-detail__remembered" role="status" data-testid="server-remembered">
      {text}
    </p>
  );
}
