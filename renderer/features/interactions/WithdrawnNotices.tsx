import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useInteractionsStore } from '../../stores/StoresContext';

/** How long a "the server cancelled" notice stays before it goes by itself. */
export const NOTICE_MS = 8000;

/** Brief notices for requests the server withdrew while the person was looking at them. */
export function WithdrawnNotices() {
  const { t } = useTranslation();
  const notices = useInteractionsStore((s) => s.notices);
  const dismiss = useInteractionsStore((s) => s.dismissNotice);
  const first = notices[0];
  useEffect(() => {
    if (!first) return;
    const timer = setTimeout(() => dismiss(first.id), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [first, dismiss]);
  if (notices.length === 0) return null;
  return (
    <div className="interaction-notices" role="status" data-testid="interaction-notices">
      {notices.map((notice) => (
        <div key={notice.id} className="notice notice--warn notice--actions">
          <span>
            {notice.kind === 'refused'
              ? t('interactions.refused', { server: notice.server, count: notice.count })
              : t('interactions.withdrawn', { server: notice.server })}
          </span>
          <button type="button" className="button button--small" onClick={() => dismiss(notice.id)}>
            {t('interactions.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
}
