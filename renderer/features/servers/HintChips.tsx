import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const hints = [
  { key: 'readOnlyHint', label: 'tools.hintReadOnly', tone: 'ok' },
  { key: 'destructiveHint', label: 'tools.hintDestructive', tone: 'danger' },
  { key: 'idempotentHint', label: 'tools.hintIdempotent', tone: 'plain' },
  { key: 'openWorldHint', label: 'tools.hintOpenWorld', tone: 'plain' },
] as const;

/** The hints as both annotation shapes (server view and approval request) carry them. */
type Hints = Partial<Record<(typeof hints)[number]['key'], unknown>>;

/** The hints a tool declares about itself (read-only, destructive…), as chips; none: nothing. */
export function HintChips({
  annotations,
  label,
  title,
  children,
}: {
  annotations: Hints | undefined;
  label: string;
  title?: string;
  /** Chips of the caller's, before the hints (a tool's App). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const shown = hints.filter((h) => annotations?.[h.key] === true);
  if (shown.length === 0 && !children) return null;
  return (
    <ul className="chips" aria-label={label} title={title}>
      {children}
      {shown.map((h) => (
        <li key={h.key} className={`chip chip--${h.tone}`}>
          {h.key === 'destructiveHint' && <TriangleAlert aria-hidden size={12} />}
          {t(h.label)}
        </li>
      ))}
    </ul>
  );
}
