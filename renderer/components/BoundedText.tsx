import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LargeText } from './largeText/LargeText';
import { localTextSource } from './largeText/TextSource';

/** Characters shown before "Show all": enough to read, small enough not to freeze the UI. */
export const PREVIEW_CHARS = 20_000;

interface BoundedTextProps {
  text: string;
  /** Monospace block (JSON, logs) or wrapped prose. */
  mono?: boolean;
  limit?: number;
  className?: string;
}

/** A possibly huge text, shown as a bounded preview with the rest on demand. */
export function BoundedText({
  text,
  mono = true,
  limit = PREVIEW_CHARS,
  className,
}: BoundedTextProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const source = useMemo(() => (all ? localTextSource(text) : null), [all, text]);
  const cut = !all && text.length > limit;
  // All of a long text: drawn in rows, only those in view, never as one huge element.
  if (source && text.length > limit) return <LargeText source={source} />;
  const shown = cut ? text.slice(0, limit) : text;
  const classes = [mono ? 'code-block' : 'prose-block', className].filter(Boolean).join(' ');
  return (
    <div className="bounded">
      {mono ? <pre className={classes}>{shown}</pre> : <p className={classes}>{shown}</p>}
      {cut && (
        <div className="bounded__more">
          <span className="muted">
            {t('common.previewOf', {
              shown: limit.toLocaleString(),
              total: text.length.toLocaleString(),
            })}
          </span>
          <button type="button" className="button button--small" onClick={() => setAll(true)}>
            {t('common.showAll')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Pretty JSON of any value, bounded like any other large text. */
export function JsonBlock({ value, className }: { value: unknown; className?: string }) {
  const text = useMemo(() => (value === undefined ? '' : JSON.stringify(value, null, 2)), [value]);
  return <BoundedText text={text} className={className} />;
}
