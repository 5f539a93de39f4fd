import { EditorView } from '@codemirror/view';

/**
 * The editor in the app's colours. Values are the app's CSS variables, which inherit into
 * the editor's shadow root, so light and dark follow the app without a second theme.
 */
export const editorTheme = EditorView.theme({
  '&': {
    height: '100%',
    color: 'var(--text)',
    backgroundColor: 'var(--bg-input)',
    fontSize: '13px',
  },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.55' },
  '.cm-content': { caretColor: 'var(--text)', padding: '8px 0' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '.cm-gutters': {
    backgroundColor: 'var(--bg-sidebar)',
    color: 'var(--text-muted)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--cm-active-line)', color: 'var(--text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'var(--cm-selection)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--cm-selection)',
    outline: '1px solid var(--border)',
  },
  '.cm-selectionMatch': { backgroundColor: 'var(--cm-match)' },
  // The default highlight colours are made for light backgrounds; the app's dark theme
  // sets --cm-token-filter to turn them into their light counterparts.
  '.cm-line span:not([class*="cm-"])': { filter: 'var(--cm-token-filter)' },
  '.cm-panels': {
    backgroundColor: 'var(--bg-card)',
    color: 'var(--text)',
    borderColor: 'var(--border)',
  },
  '.cm-panels input, .cm-panels button': { font: 'inherit', color: 'inherit' },
  '.cm-textfield': {
    backgroundColor: 'var(--bg-input)',
    border: '1px solid var(--border)',
    borderRadius: '4px',
  },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--bg-card)',
    border: '1px solid var(--border)',
    borderRadius: '4px',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--bg-card)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
    fontFamily: 'var(--font)',
  },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--danger)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--warn)' },
  '.cm-foldPlaceholder': {
    backgroundColor: 'var(--bg-hover)',
    border: '1px solid var(--border)',
    color: 'var(--text-muted)',
  },
});
