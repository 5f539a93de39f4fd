import { Ellipsis } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** One entry of an {@link ItemMenu}. */
export interface MenuEntry {
  key: string;
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  /** A key that does the same from the item itself, shown at the right. */
  shortcut?: string;
  danger?: boolean;
}

interface ItemMenuProps {
  label: string;
  entries: readonly MenuEntry[];
  /** Extra class on the button (where it shows: on hover, always…). */
  buttonClassName?: string;
  /** The button's icon; an ellipsis by default. */
  icon?: ReactNode;
  testId?: string;
}

/** Room kept between the popup and the window's edges. */
const MARGIN = 8;

/**
 * The "…" menu of an item: a menu button with arrow-key navigation; Esc closes it and gives
 * focus back to the button. The popup is drawn over the whole window (not inside the
 * scrolling list that holds the button), so no entry is ever cut off; it opens upwards when
 * there is no room below.
 */
export function ItemMenu({ label, entries, buttonClassName = '', icon, testId }: ItemMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement | null>(null);
  const items = (): HTMLElement[] => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
  ];
  const close = (focusButton: boolean): void => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const choose = (action: () => void): void => {
    setOpen(false);
    action();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number): void => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close(event.key === 'Escape');
    }
  };

  // The window moving under an open menu would leave it floating elsewhere: close it.
  useLayoutEffect(() => {
    if (!open) return;
    const onMove = (event: Event): void => {
      // A resize's target is the window, not a node: it always closes the menu.
      const inside = event.target instanceof Node && menu.current?.contains(event.target);
      if (!inside) setOpen(false);
    };
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open]);

  return (
    <div className="item-menu">
      <button
        ref={button}
        type="button"
        className={`icon-button item-menu__button ${buttonClassName}`}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        data-testid={testId}
      >
        {icon ?? <Ellipsis />}
      </button>
      {open &&
        createPortal(
          <div
            ref={(element) => {
              menu.current = element;
              if (!element || !button.current) return;
              placePopup(element, button.current);
              // Focus moves into the menu as it opens, so arrows work at once.
              if (!element.contains(document.activeElement)) {
                element.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
              }
            }}
            className="item-menu__popup"
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKey}
            onBlur={(e) => {
              if (
                !e.currentTarget.contains(e.relatedTarget) &&
                e.relatedTarget !== button.current
              ) {
                setOpen(false);
              }
            }}
          >
            {entries.map((entry) => (
              <button
                key={entry.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`item-menu__item${entry.danger ? ' item-menu__item--danger' : ''}`}
                onClick={() => choose(entry.onSelect)}
              >
                <span className="item-menu__label">
                  {entry.icon}
                  {entry.label}
                </span>
                {entry.shortcut && <kbd>{entry.shortcut}</kbd>}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </div>
  );
}

/** Under the button, right-aligned with it; above it when there is no room below. */
function placePopup(popup: HTMLElement, anchorButton: HTMLElement): void {
  const anchor = anchorButton.getBoundingClientRect();
  const size = popup.getBoundingClientRect();
  const below = anchor.bottom + 4;
  const top =
    below + size.height + MARGIN <= window.innerHeight
      ? below
      : Math.max(MARGIN, anchor.top - 4 - size.height);
  const left = Math.min(
    Math.max(MARGIN, anchor.right - size.width),
    window.innerWidth - size.width - MARGIN,
  );
  popup.style.top = `${top}px`;
  popup.style.left = `${left}px`;
}
