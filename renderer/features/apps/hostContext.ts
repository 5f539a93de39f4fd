import type {
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiStyleVariableKey,
  McpUiStyles,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { useSyncExternalStore } from 'react';
import type { AppFrame } from '../../../shared/domain/apps';

/** Tallest an inline App grows (px); taller content scrolls inside it. */
export const INLINE_MAX_HEIGHT = 640;
export const INLINE_MIN_HEIGHT = 48;
export const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** The extension's theme variables, from the host's own (so Apps look like they belong). */
const VARIABLES: Partial<Record<McpUiStyleVariableKey, string>> = {
  '--color-background-primary': '--bg-card',
  '--color-background-secondary': '--bg',
  '--color-background-tertiary': '--bg-hover',
  '--color-background-inverse': '--text',
  '--color-background-info': '--code-bg',
  '--color-background-danger': '--danger-bg',
  '--color-background-success': '--ok-bg',
  '--color-background-warning': '--warn-bg',
  '--color-text-primary': '--text',
  '--color-text-secondary': '--text-muted',
  '--color-text-tertiary': '--text-muted',
  '--color-text-inverse': '--bg',
  '--color-text-info': '--link',
  '--color-text-danger': '--danger',
  '--color-text-success': '--ok',
  '--color-text-warning': '--warn',
  '--color-border-primary': '--border',
  '--color-border-secondary': '--border',
  '--color-border-danger': '--danger-border',
  '--color-border-warning': '--warn-border',
  '--color-ring-primary': '--focus',
  '--font-sans': '--font',
  '--font-mono': '--mono',
  '--border-radius-md': '--radius',
};

/**
 * The page's variables by theme: reading computed style right after the page changed makes
 * the browser recalculate it, and a list of Apps starts many one after another.
 */
let known: { theme: string | null; variables: McpUiStyles } | undefined;

/** The theme variables as the page has them now (resolved for the current theme). */
export function styleVariables(root: Element = document.documentElement): McpUiStyles {
  const page = root === root.ownerDocument.documentElement;
  const theme = root.getAttribute('data-theme');
  if (page && known?.theme === theme) return known.variables;
  const computed = getComputedStyle(root);
  const out: Partial<Record<McpUiStyleVariableKey, string>> = {};
  for (const [key, ours] of Object.entries(VARIABLES)) {
    const value = computed.getPropertyValue(ours).trim();
    if (value) out[key as McpUiStyleVariableKey] = value;
  }
  const variables = out as McpUiStyles;
  // Kept once the stylesheet has given values (not while it is still loading).
  if (page && Object.keys(out).length > 0) known = { theme, variables };
  return variables;
}

/** The page's theme and language (kept on <html> by the shell). */
export interface DocumentLook {
  theme: 'light' | 'dark';
  language: string;
}

let look: DocumentLook | undefined;

function readLook(): DocumentLook {
  const root = document.documentElement;
  const theme = root.dataset.theme === 'dark' ? 'dark' : 'light';
  const language = root.lang || 'en';
  if (look?.theme !== theme || look.language !== language) look = { theme, language };
  return look;
}

function subscribeLook(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'lang'],
  });
  return () => observer.disconnect();
}

/** The theme and language the page shows, updated when settings change them. */
export function useDocumentLook(): DocumentLook {
  return useSyncExternalStore(subscribeLook, readLook);
}

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** What the App learns about its host at `ui/initialize` (and in later changes). */
export function buildHostContext(input: {
  look: DocumentLook;
  platform: 'web' | 'desktop';
  displayMode: McpUiDisplayMode;
  width: number;
  frame: AppFrame;
  toolUseId?: string;
  version: string;
}): McpUiHostContext {
  const { frame } = input;
  return {
    theme: input.look.theme,
    styles: { variables: styleVariables() },
    displayMode: input.displayMode,
    availableDisplayModes: DISPLAY_MODES,
    containerDimensions:
      input.displayMode === 'inline'
        ? { width: input.width, maxHeight: INLINE_MAX_HEIGHT }
        : { width: input.width, height: window.innerHeight },
    locale: input.look.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: `Switchboard/${input.version}`,
    platform: input.platform,
    deviceCapabilities: { touch: matches('(pointer: coarse)'), hover: matches('(hover: hover)') },
    ...(frame.tool
      ? {
          toolInfo: {
            ...(input.toolUseId ? { id: input.toolUseId } : {}),
            tool: frame.tool as NonNullable<McpUiHostContext['toolInfo']>['tool'],
          },
        }
      : {}),
  };
}
