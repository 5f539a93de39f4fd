import type { ServerStatus } from '../../../shared/domain/serverStatus';
import { statusSummary } from './statusSummary';

/** A coloured dot for a status; decorative, the label beside it carries the meaning. */
export function StatusDot({ status }: { status: ServerStatus }) {
  const { tone } = statusSummary(status, 0);
  return <span className={`status-dot status-dot--${tone}`} aria-hidden="true" />;
}
