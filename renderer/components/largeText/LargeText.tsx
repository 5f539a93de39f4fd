import { useCallback, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextSource } from './TextSource';
import { useLargeText } from './useLargeText';

/** Height of one row in px; the stylesheet gives `.large-text__row` the same line height. */
export const ROW_PX = 18;
/** Rows drawn above and below the visible ones. */
const OVERSCAN = 20;
/** Tallest the view gets before it scrolls. */
const VIEW_PX = 480;

/**
 * A text of any size (megabytes of a tool's output): read from its source in slices, cut into
 * rows, and drawn virtualized, so only the rows in view exist in the page. Rows are one line
 * each (long lines continue on the next rows) and scroll sideways rather than wrap, so every
 * row has the same height and the scroll position alone says which rows to draw.
 */
export function LargeText({ source }: { source: TextSource }) {
  const { t } = useTranslation();
  const { lines, loadedChars, done, error } = useLargeText(source);
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef(0);
  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    // One update per frame, however many scroll events the frame saw.
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(top));
  }, []);

  const count = lines.count;
  const height = Math.min(VIEW_PX, Math.max(1, count) * ROW_PX);
  const first = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + VIEW_PX) / ROW_PX) + OVERSCAN);
  const rows = [];
  for (let index = first; index < last; index++) {
    rows.push(
      <div key={index} className="large-text__row" style={{ top: index * ROW_PX }}>
        {lines.row(index)}
      </div>,
    );
  }
  const percent = source.totalChars > 0 ? Math.floor((loadedChars / source.totalChars) * 100) : 100;
  return (
    <div className="large-text">
      <div
        className="large-text__view code-block"
        style={{ height: height + 2 }}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={t('largeText.label', { chars: source.totalChars.toLocaleString() })}
        aria-busy={!done}
        data-testid="large-text"
        data-loaded-chars={loadedChars}
        data-total-chars={source.totalChars}
      >
        <div className="large-text__sizer" style={{ height: count * ROW_PX }}>
          {rows}
        </div>
      </div>
      {!done && !error && (
        <p className="large-text__status muted" role="status">
          {t('largeText.loading', { percent })}
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {t('largeText.failed', { message: error })}
        </p>
      )}
    </div>
  );
}
