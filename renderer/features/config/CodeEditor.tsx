import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { editorTheme } from './editorTheme';

/** What the screen around the editor may ask of it. */
export interface CodeEditorHandle {
  /** Selects a range, scrolls it into view and focuses the editor. */
  select: (from: number, to: number) => void;
}

interface CodeEditorProps {
  value: string;
  onChange: (text: string) => void;
  onSave: () => void;
  diagnostics: readonly Diagnostic[];
  label: string;
  ref?: Ref<CodeEditorHandle>;
}

/**
 * CodeMirror 6 for JSON. It lives in a shadow root: there CodeMirror installs its styles as
 * constructed (adopted) style sheets, which the app's CSP (`style-src 'self'`) allows; in
 * the document it would add a <style> element, which the CSP refuses.
 */
export function CodeEditor({ value, onChange, onSave, diagnostics, label, ref }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const initial = useRef({ value, label });
  const callbacks = useRef({ onChange, onSave });
  // Set while we replace the text ourselves, so it is not reported back as an edit.
  const replacing = useRef(false);
  // The accessible name follows the app's language without rebuilding the editor.
  const labelSlot = useRef(new Compartment());

  useEffect(() => {
    callbacks.current = { onChange, onSave };
  }, [onChange, onSave]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const editor = new EditorView({
      root,
      parent: root,
      state: EditorState.create({
        doc: initial.current.value,
        extensions: [
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                callbacks.current.onSave();
                return true;
              },
            },
          ]),
          basicSetup,
          json(),
          lintGutter(),
          editorTheme,
          labelSlot.current.of(
            EditorView.contentAttributes.of({ 'aria-label': initial.current.label }),
          ),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !replacing.current) {
              callbacks.current.onChange(update.state.doc.toString());
            }
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    replacing.current = true;
    // A reload or revert: a different document, so start at its top.
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      selection: { anchor: 0 },
      scrollIntoView: true,
    });
    replacing.current = false;
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: labelSlot.current.reconfigure(
        EditorView.contentAttributes.of({ 'aria-label': label }),
      ),
    });
  }, [label]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    // Problems may describe a slightly different text (typed since the save): clamp.
    const clamped = diagnostics.map((d) => ({
      ...d,
      from: Math.min(d.from, length),
      to: Math.min(Math.max(d.to, d.from), length),
    }));
    editor.dispatch(setDiagnostics(editor.state, clamped));
  }, [diagnostics]);

  useImperativeHandle(
    ref,
    () => ({
      select: (from, to) => {
        const editor = view.current;
        if (!editor) return;
        const length = editor.state.doc.length;
        editor.dispatch({
          selection: { anchor: Math.min(from, length), head: Math.min(to, length) },
          scrollIntoView: true,
        });
        editor.focus();
      },
    }),
    [],
  );

  return <div ref={host} className="code-editor" data-testid="config-code" />;
}
