import { useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../servers/formatters';
import { highlightRuns } from '../../../shared/text/fuzzy';
import { entryKey, type PickEntry, type PickRow } from './pickerRows';
import { TypeIcon } from './TypeIcon';
import { usePickVirtual } from './usePickVirtual';

interface PickMenuProps {
  /** The listbox id; options are `${id}-${index}`. */
  id: string;
  label: string;
  rows: PickRow[];
  /** The keyboard's entry (index among entries). */
  active: number;
  onActive: (index: number) => void;
  onPick: (entry: PickEntry) => void;
  /** Shown instead of rows when there are none. */
  empty: ReactNode;
}

/** The option id of an entry, for `aria-activedescendant`. */
export function optionId(listId: string, index: number): string {
  return `${listId}-${String(index)}`;
}

/** A grouped, searchable, keyboard-driven list of resources, templates or prompts. */
export function PickMenu({ id, label, rows, active, onActive, onPick, empty }: PickMenuProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const activeRow = rows.findIndex((r) => r.kind === 'entry' && r.index === active);
  const { enabled, virtualizer } = usePickVirtual(scrollRef, rows, activeRow);
  const hasEntries = rows.some((r) => r.kind === 'entry');

  const renderRow = (row: PickRow, rowIndex: number, style?: CSSProperties) =>
    row.kind === 'server' ? (
      <div
        key={`s\n${row.server}`}
        className="pick-menu__group"
        aria-hidden="true"
        data-row={rowIndex}
        style={style}
      >
        <span className="pick-menu__group-name">{row.server}</span>
        {row.error && <span className="pick-menu__group-error">{row.error}</span>}
      </div>
    ) : (
      <div
        key={entryKey(row.entry)}
        id={optionId(id, row.index)}
        role="option"
        aria-selected={row.index === active}
        className={`pick-menu__entry${row.index === active ? ' pick-menu__entry--active' : ''}`}
        data-row={rowIndex}
        data-testid="pick-entry"
        style={style}
        // Mouse down: the composer's text box keeps focus (and its typed @query).
        onMouseDown={(e) => {
          e.preventDefault();
          onPick(row.entry);
        }}
        onMouseMove={() => {
          if (row.index !== active) onActive(row.index);
        }}
      >
        <EntryContent row={row} />
      </div>
    );

  return (
    <div ref={scrollRef} className="pick-menu__scroll">
      {!hasEntries && <div className="pick-menu__empty">{empty}</div>}
      <div
        id={id}
        role="listbox"
        aria-label={label}
        className="pick-menu__list"
        style={enabled ? { height: virtualizer.getTotalSize(), position: 'relative' } : undefined}
      >
        {enabled
          ? virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              return row
                ? renderRow(row, item.index, {
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: item.size,
                    transform: `translateY(${String(item.start)}px)`,
                  })
                : null;
            })
          : rows.map((row, index) => renderRow(row, index))}
      </div>
    </div>
  );
}

function Highlighted({ text, positions }: { text: string; positions: number[] | null }) {
  if (!positions || positions.length === 0) return <>{text}</>;
  return (
    <>
      {highlightRuns(text, positions).map((run, i) =>
        run.hit ? (
          <mark key={i} className="pick-menu__hit">
            {run.text}
          </mark>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}

function EntryContent({ row }: { row: Extract<PickRow, { kind: 'entry' }> }) {
  const { t } = useTranslation();
  const { entry, match } = row;
  const at = (field: number): number[] | null =>
    match && match.field === field ? match.positions : null;
  const server = <span className="sr-only">{entry.server}</span>;
  if (entry.kind === 'prompt') {
    const p = entry.prompt;
    return (
      <>
        <span className="pick-menu__line">
          <span className="pick-menu__slash" aria-hidden="true">
            /
          </span>
          <span className="pick-menu__name">
            <Highlighted text={p.title ?? p.name} positions={at(0)} />
          </span>
          {p.title && <code className="pick-menu__code">{p.name}</code>}
          {p.arguments.length > 0 && (
            <span className="pick-menu__meta">
              {t('context.promptArguments', { count: p.arguments.length })}
            </span>
          )}
          {server}
        </span>
        <span className="pick-menu__sub">{p.description ?? ''}</span>
      </>
    );
  }
  const isTemplate = entry.kind === 'template';
  const item = isTemplate ? entry.template : entry.resource;
  const uri = isTemplate ? entry.template.uriTemplate : entry.resource.uri;
  const size = isTemplate ? undefined : entry.resource.size;
  return (
    <>
      <span className="pick-menu__line">
        <TypeIcon mimeType={item.mimeType} />
        <span className="pick-menu__name">
          <Highlighted text={item.title ?? item.name} positions={at(0)} />
        </span>
        {isTemplate && <span className="pick-menu__badge">{t('context.template')}</span>}
        {item.mimeType && <span className="pick-menu__meta">{item.mimeType}</span>}
        {size !== undefined && <span className="pick-menu__meta">{formatBytes(size)}</span>}
        {server}
      </span>
      <code className="pick-menu__sub pick-menu__uri">
        <Highlighted text={uri} positions={at(1)} />
      </code>
    </>
  );
}
