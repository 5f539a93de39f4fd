import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArgumentField } from './argumentForm';
import { useSuggestions } from './useSuggestions';

interface CompletionInputProps {
  id: string;
  field: ArgumentField;
  value: string;
  onChange: (value: string) => void;
  /** Asks the server for completions of this value (context already bound). */
  suggest: (value: string) => Promise<string[]>;
  autoFocus?: boolean;
  invalid?: boolean;
}

/** Suggestions shown at once; servers may return up to 100. */
const MAX_SHOWN = 50;

/**
 * A text input whose suggestions come from the server (`completion/complete`): a combobox
 * with ↑↓ to move, Enter to take a suggestion, Esc to close the list (a second Esc reaches
 * the form and closes it).
 */
export function CompletionInput({
  id,
  field,
  value,
  onChange,
  suggest,
  autoFocus = false,
  invalid = false,
}: CompletionInputProps) {
  const { t } = useTranslation();
  const { values, request, clear } = useSuggestions(suggest);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = values.slice(0, MAX_SHOWN);
  const expanded = open && shown.length > 0;
  const listId = `${id}-suggestions`;

  const pick = (choice: string): void => {
    onChange(choice);
    setOpen(false);
    setActive(-1);
    clear();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.nativeEvent.isComposing) return;
    const n = shown.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (n === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (expanded ? (i + step + n) % n : step === 1 ? 0 : n - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < n) {
      event.preventDefault();
      pick(shown[active] ?? '');
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="completion">
      <input
        id={id}
        className="input completion__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${String(active)}` : undefined}
        aria-required={field.required}
        aria-invalid={invalid || undefined}
        aria-describedby={field.description ? `${id}-description` : undefined}
        autoComplete="off"
        spellCheck={false}
        // The form opens for this: typing starts here.
        autoFocus={autoFocus}
        value={value}
        onFocus={() => {
          setOpen(true);
          request(value);
        }}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
          request(e.target.value);
        }}
        onKeyDown={onKeyDown}
        data-testid={`argument-${field.name}`}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('context.form.suggestions', { name: field.name })}
        className="completion__list"
        hidden={!expanded}
        data-testid={`suggestions-${field.name}`}
      >
        {shown.map((choice, index) => (
          <li
            key={`${choice}\n${String(index)}`}
            id={`${listId}-${String(index)}`}
            role="option"
            aria-selected={index === active}
            className={`completion__option${index === active ? ' completion__option--active' : ''}`}
            // Mouse down, not click: the input must not lose focus (and close the list) first.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(choice);
            }}
          >
            {choice}
          </li>
        ))}
      </ul>
    </div>
  );
}
