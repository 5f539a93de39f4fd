import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** `h:mm:ss` or `m:ss`, never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const seconds = String(total % 60).padStart(2, '0');
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  return hours > 0
    ? `${String(hours)}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${String(minutes)}:${seconds}`;
}

/**
 * How long the server still waits for the person's answer, where its request says (a
 * client-side task's time to live). The host's own timers stand still meanwhile, so there is
 * no other deadline to show.
 */
export function DeadlineCountdown({ deadlineAt }: { deadlineAt: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = deadlineAt - now;
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left <= 0]); // eslint-disable-line react-hooks/exhaustive-deps -- one interval while counting
  return (
    <span
      className={`chip interaction__deadline${left <= 60_000 ? ' interaction__deadline--soon' : ''}`}
      data-testid="interaction-deadline"
      // Read out when it changes meaning, not every second.
      aria-live="off"
    >
      {left > 0
        ? t('interactions.deadline.left', { time: formatCountdown(left) })
        : t('interactions.deadline.passed')}
    </span>
  );
}
