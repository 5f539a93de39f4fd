import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One tab of a tab list. */
export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

interface TabsProps<Id extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix for element ids, unique on the page. */
  idPrefix: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

/** Id of the panel belonging to a tab, for `TabPanel`. */
export function tabPanelId(idPrefix: string, id: string): string {
  return `${idPrefix}-panel-${id}`;
}

function tabId(idPrefix: string, id: string): string {
  return `${idPrefix}-tab-${id}`;
}

/**
 * ARIA tabs with a roving tab stop: Tab enters the list at the selected tab, arrows,
 * Home and End move and select (automatic activation), Tab again goes into the panel.
 */
export function Tabs<Id extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
}: TabsProps<Id>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const index = tabs.findIndex((t) => t.id === selected);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = target === null ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[target ?? 0]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            className={`tabs__tab${active ? ' tabs__tab--active' : ''}`}
            aria-selected={active}
            aria-controls={tabPanelId(idPrefix, tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            data-testid={`tab-${tab.id}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab. */
export function TabPanel({
  idPrefix,
  id,
  children,
  className,
}: {
  idPrefix: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(idPrefix, id)}
      aria-labelledby={tabId(idPrefix, id)}
      className={className ? `tab-panel ${className}` : 'tab-panel'}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
