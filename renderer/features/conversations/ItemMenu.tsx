import { Ellipsis } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface ItemMenuProps {
  label: string;
  onRename: () => void;
  onDelete: () => void;
}

/**
 * The "…" menu of a conversation: a menu button with arrow-key navigation; Esc closes it and
 * gives focus back to the button.
 */
export function ItemMenu({ label, onRename, onDelete }: ItemMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
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

  return (
    <div className="item-menu">
      <button
        ref={button}
        type="button"
        className="icon-button item-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Ellipsis />
      </button>
      {open && (
        <div
          ref={(element) => {
            menu.current = element;
            // Focus moves into the menu as it opens, so arrows work at once.
            element?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          className="item-menu__popup"
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget) && e.relatedTarget !== button.current) {
              setOpen(false);
            }
          }}
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="item-menu__item"
            onClick={() => choose(onRename)}
          >
            {t('conversations.rename')}
            <kbd>F2</kbd>
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="item-menu__item item-menu__item--danger"
            onClick={() => choose(onDelete)}
          >
            {t('conversations.delete')}
          </button>
        </div>
      )}
    </div>
  );
}
