import { useTranslation } from 'react-i18next';

export interface StreamToolbarProps {
  filter: string;
  onFilter: (value: string) => void;
  placeholder: string;
  shown: number;
  total: number;
  /** The count line when nothing is filtered ("12 lines", "8 messages"). */
  totalLabel: string;
  following: boolean;
  onJumpToEnd: () => void;
}

/** Filter box, count and "jump to latest" above a live stream (Logs, Traffic). */
export function StreamToolbar(props: StreamToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="stream__toolbar">
      <input
        type="search"
        className="input stream__filter"
        placeholder={props.placeholder}
        aria-label={props.placeholder}
        value={props.filter}
        onChange={(e) => props.onFilter(e.target.value)}
      />
      <span className="muted stream__count">
        {props.filter.trim()
          ? t('logs.countFiltered', { shown: props.shown, total: props.total })
          : props.totalLabel}
      </span>
      {!props.following && (
        <button type="button" className="button button--small" onClick={props.onJumpToEnd}>
          {t('logs.jumpToLatest')}
        </button>
      )}
    </div>
  );
}
