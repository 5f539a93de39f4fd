import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { PromptView, ResourceTemplateView } from '../../../shared/domain/mcpViews';
import { nameFromUri } from '../../../shared/domain/nameFromUri';
import type { PromptDraft } from '../../../shared/domain/promptToDraft';
import { inlineDraft, resourceDraft } from '../../stores/draftAttachments';
import { useContextStore } from '../../stores/StoresContext';
import {
  entryRows,
  pickRows,
  preparePrompts,
  prepareResources,
  type PickEntry,
} from './pickerRows';
import { detectTrigger, removeTrigger, type ComposerTrigger } from './triggers';
import { useAttachFlow } from './useAttachFlow';

/** A panel over the composer that is not driven by the typed text. */
export type ComposerPanel =
  | { kind: 'picker' }
  | { kind: 'template'; server: string; template: ResourceTemplateView }
  | { kind: 'prompt'; server: string; prompt: PromptView };

interface Options {
  text: string;
  setText: (text: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The composer's menus: `@` and the Attach button open the resource picker, `/` at the start
 * opens the prompt menu; picks open template and prompt forms; the typed query filters.
 * The text box keeps focus while a typed menu is open, so its keys are routed here first.
 */
export function useComposerMenus({ text, setText, inputRef }: Options) {
  const resources = useContextStore((s) => s.resources);
  const prompts = useContextStore((s) => s.prompts);
  const loadResources = useContextStore((s) => s.loadResources);
  const loadPrompts = useContextStore((s) => s.loadPrompts);
  const attach = useContextStore((s) => s.attach);
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [panel, setPanel] = useState<ComposerPanel | null>(null);
  const [pickerQuery, setPickerQuery] = useState('');
  const [active, setActive] = useState({ key: '', index: 0 });
  const pendingCaret = useRef<number | null>(null);

  const focusInput = useCallback(
    (at?: number) => {
      const input = inputRef.current;
      if (!input) return;
      input.focus();
      if (at !== undefined) pendingCaret.current = at;
    },
    [inputRef],
  );
  // After the text changed under the caret (a pick, an insertion): put it where it belongs.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    const input = inputRef.current;
    if (at === null || !input) return;
    pendingCaret.current = null;
    input.setSelectionRange(at, at);
  }, [text, panel, inputRef]);

  const attachFlow = useAttachFlow(useCallback(() => focusInput(), [focusInput]));

  const detected = panel ? null : detectTrigger(text, caret);
  const trigger: ComposerTrigger | null =
    detected && detected.start !== dismissed ? detected : null;
  const list: 'resources' | 'prompts' | null =
    panel?.kind === 'picker' || trigger?.kind === 'resource'
      ? 'resources'
      : trigger?.kind === 'prompt'
        ? 'prompts'
        : null;
  const query = panel?.kind === 'picker' ? pickerQuery : (trigger?.query ?? '');

  // Each opening reads the lists again (the last answer shows meanwhile).
  useEffect(() => {
    if (list === 'resources') void loadResources();
    if (list === 'prompts') void loadPrompts();
  }, [list, loadResources, loadPrompts]);

  const source = list === 'prompts' ? prompts : resources;
  const servers = useMemo(() => (source?.state === 'ready' ? source.value : []), [source]);
  const prepared = useMemo(
    () =>
      list === 'prompts'
        ? preparePrompts(prompts?.state === 'ready' ? prompts.value : [])
        : prepareResources(resources?.state === 'ready' ? resources.value : []),
    [list, prompts, resources],
  );
  const rows = useMemo(
    () => (list ? pickRows(servers, prepared, query) : []),
    [list, servers, prepared, query],
  );
  const entries = useMemo(() => entryRows(rows), [rows]);
  const listKey = `${list ?? ''}\n${query}`;
  const activeIndex =
    active.key === listKey ? Math.min(active.index, Math.max(entries.length - 1, 0)) : 0;
  const setActiveIndex = useCallback(
    (index: number) => setActive({ key: listKey, index }),
    [listKey],
  );

  // A press outside the composer closes a list (forms stay: they hold typed arguments).
  const triggerStart = trigger?.start ?? null;
  const pickerOpen = panel?.kind === 'picker';
  useEffect(() => {
    if (triggerStart === null && !pickerOpen) return;
    const onPointerDown = (event: PointerEvent): void => {
      const composer = inputRef.current?.closest('form');
      if (!composer || !(event.target instanceof Node) || composer.contains(event.target)) return;
      if (pickerOpen) setPanel(null);
      else setDismissed(triggerStart);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [triggerStart, pickerOpen, inputRef]);

  /** Follows the text box: call on every change and caret move. */
  const track = useCallback((value: string, at: number) => {
    setCaret(at);
    if (!detectTrigger(value, at)) setDismissed(null);
  }, []);

  const closeList = (): void => {
    if (panel?.kind === 'picker') {
      setPanel(null);
      focusInput();
    } else if (trigger) setDismissed(trigger.start);
  };

  /** The text without the typed `@query` / `/query` (when the menu was typed). */
  const stripTrigger = (): string => {
    if (!trigger) return text;
    const next = removeTrigger(text, trigger);
    setText(next.text);
    pendingCaret.current = next.caret;
    return next.text;
  };

  const pick = (entry: PickEntry): void => {
    stripTrigger();
    if (entry.kind === 'resource') {
      setPanel(null);
      void attachFlow.start(entry.server, entry.resource);
    } else if (entry.kind === 'template') {
      setPanel({ kind: 'template', server: entry.server, template: entry.template });
    } else {
      setPanel({ kind: 'prompt', server: entry.server, prompt: entry.prompt });
    }
  };

  /** Arrow keys, Enter/Tab and Esc on whatever holds focus while a menu is open. */
  const listKeys = (event: KeyboardEvent): boolean => {
    if (!list || event.nativeEvent.isComposing) return false;
    const n = entries.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (n > 0) setActiveIndex((activeIndex + (event.key === 'ArrowDown' ? 1 : n - 1)) % n);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      const entry = entries[activeIndex]?.entry;
      if (!entry) return false;
      event.preventDefault();
      pick(entry);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeList();
      return true;
    }
    return false;
  };

  const closePanel = useCallback(
    (caretAt?: number) => {
      setPanel(null);
      focusInput(caretAt);
    },
    [focusInput],
  );

  /** A prompt's messages become the person's turn: text first, then what was typed before. */
  const insertPrompt = (server: string, insertion: PromptDraft): void => {
    const rest = text.trim() ? text : '';
    const joined = [insertion.text, rest].filter(Boolean).join('\n\n');
    setText(joined);
    const now = Date.now();
    attach(
      insertion.attachments.map((a) =>
        a.kind === 'inline'
          ? inlineDraft(a, now)
          : resourceDraft(server, { uri: a.uri, name: nameFromUri(a.uri) }, now),
      ),
    );
    closePanel(insertion.text.length);
  };

  return {
    /** Which list shows (null: none). */
    list,
    via: panel?.kind === 'picker' ? ('button' as const) : ('typed' as const),
    query,
    rows,
    loading: (source === null || source.state === 'loading') && list !== null,
    listError: source?.state === 'failed' ? source.error : null,
    activeIndex,
    setActiveIndex,
    panel,
    pickerQuery,
    setPickerQuery,
    attachFlow,
    track,
    pick,
    listKeys,
    closePanel,
    openPicker: () => {
      setPickerQuery('');
      setPanel({ kind: 'picker' });
    },
    insertPrompt,
  };
}

export type ComposerMenus = ReturnType<typeof useComposerMenus>;
