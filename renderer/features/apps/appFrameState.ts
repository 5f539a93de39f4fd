import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppFailure, AppFrame } from '../../../shared/domain/apps';
import type { RefusedCounts } from './FrameTransport';
import { INLINE_MAX_HEIGHT, INLINE_MIN_HEIGHT } from './hostContext';

/** Where one App frame is in its life. */
export type AppPhase =
  /** main is preparing the frame (reading the UI resource). */
  | { kind: 'opening' }
  /** The sandbox page is loading the App; it has not finished `ui/initialize` yet. */
  | { kind: 'loading'; frame: AppFrame; proxyReady: boolean }
  | { kind: 'ready'; frame: AppFrame }
  | { kind: 'failed'; failure: AppFailure }
  /** Taken down: the App asked, or its server stopped. */
  | { kind: 'closed'; reason: 'requested' | 'server-stopped' };

/** A problem the App met while it runs (it stays shown). */
export interface AppProblem {
  kind: 'csp-violation' | 'load-failed' | 'app-error' | 'console-error';
  /** What the card shows: `directive url`, the URL, or the error message. */
  text: string;
  /** The URL concerned (CSP blocks and failed loads). */
  url?: string;
}

/**
 * Which problem explains a failure best: a CSP block, then a failed load, then an uncaught
 * error, then an error the App logged.
 */
const CAUSE_ORDER: AppProblem['kind'][] = [
  'csp-violation',
  'load-failed',
  'app-error',
  'console-error',
];

/** The one problem to name when the App does not render (undefined when there is none). */
export function topCause(problems: readonly AppProblem[]): AppProblem | undefined {
  for (const kind of CAUSE_ORDER) {
    const found = problems.find((p) => p.kind === kind);
    if (found) return found;
  }
  return undefined;
}

/**
 * The problems with one more: a load that failed because the CSP blocked it is the CSP block
 * (both are reported, in either order), so it is kept once, as the block.
 */
export function withProblem(problems: readonly AppProblem[], problem: AppProblem): AppProblem[] {
  const blocked = (url: string | undefined): boolean =>
    url !== undefined && problems.some((p) => p.kind === 'csp-violation' && p.url === url);
  if (problem.kind === 'load-failed' && blocked(problem.url)) return [...problems];
  if (problem.kind === 'csp-violation' && problem.url !== undefined) {
    return [
      ...problems.filter((p) => !(p.kind === 'load-failed' && p.url === problem.url)),
      problem,
    ];
  }
  return [...problems, problem];
}

export interface AppFrameState {
  phase: AppPhase;
  height: number;
  displayMode: McpUiDisplayMode;
  problems: AppProblem[];
  /** Problems not kept (only the first few are). */
  moreProblems: number;
  /** Messages of the App the page refused so far, by why. */
  refused: RefusedCounts;
}

export type AppFrameAction =
  | { type: 'opened'; frame: AppFrame }
  | { type: 'proxyReady' }
  | { type: 'initialized' }
  | { type: 'failed'; failure: AppFailure }
  | { type: 'closed'; reason: 'requested' | 'server-stopped' }
  | { type: 'reopen' }
  | { type: 'size'; height: number }
  | { type: 'displayMode'; mode: McpUiDisplayMode }
  | { type: 'problem'; problem: AppProblem }
  | { type: 'refused'; counts: RefusedCounts };

/** Height an App starts with before it reports its own. */
export const INITIAL_HEIGHT = 160;
const KEPT_PROBLEMS = 5;

export const initialFrameState: AppFrameState = {
  phase: { kind: 'opening' },
  height: INITIAL_HEIGHT,
  displayMode: 'inline',
  problems: [],
  moreProblems: 0,
  refused: { size: 0, rate: 0, shape: 0 },
};

/** An App's own size, kept within what a card shows (taller content scrolls inside). */
export function boundedHeight(height: number): number {
  if (!Number.isFinite(height)) return INITIAL_HEIGHT;
  return Math.min(INLINE_MAX_HEIGHT, Math.max(INLINE_MIN_HEIGHT, Math.ceil(height)));
}

/** How one App frame changes; pure, so its sequences are unit-tested. */
export function appFrameReducer(state: AppFrameState, action: AppFrameAction): AppFrameState {
  const { phase } = state;
  switch (action.type) {
    case 'opened':
      return phase.kind === 'opening'
        ? { ...state, phase: { kind: 'loading', frame: action.frame, proxyReady: false } }
        : state;
    case 'proxyReady':
      return phase.kind === 'loading' ? { ...state, phase: { ...phase, proxyReady: true } } : state;
    case 'initialized':
      return phase.kind === 'loading'
        ? { ...state, phase: { kind: 'ready', frame: phase.frame } }
        : state;
    case 'failed':
      // The first failure is the one that explains; later ones are its consequences.
      return phase.kind === 'failed' || phase.kind === 'closed'
        ? state
        : { ...state, phase: { kind: 'failed', failure: action.failure }, displayMode: 'inline' };
    case 'closed':
      return phase.kind === 'closed'
        ? state
        : { ...state, phase: { kind: 'closed', reason: action.reason }, displayMode: 'inline' };
    case 'reopen':
      return initialFrameState;
    case 'size':
      return { ...state, height: boundedHeight(action.height) };
    case 'displayMode':
      return { ...state, displayMode: action.mode };
    case 'refused':
      return { ...state, refused: action.counts };
    case 'problem': {
      const problems = withProblem(state.problems, action.problem);
      return problems.length <= KEPT_PROBLEMS
        ? { ...state, problems }
        : { ...state, moreProblems: state.moreProblems + 1 };
    }
  }
}

/** The frame the phase shows, if any. */
export function frameOf(phase: AppPhase): AppFrame | undefined {
  return phase.kind === 'loading' || phase.kind === 'ready' ? phase.frame : undefined;
}
