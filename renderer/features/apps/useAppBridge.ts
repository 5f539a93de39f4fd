import type {
  AppBridge,
  McpUiDisplayMode,
  McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, useRef, type Dispatch } from 'react';
import type { AppFailure, AppFrame } from '../../../shared/domain/apps';
import type { ToolCallStatus } from '../../../shared/domain/conversationViews';
import type { ToolOutcome } from '../../../shared/domain/toolOutcome';
import type { AppsState } from '../../stores/appsStore';
import { topCause, withProblem, type AppFrameAction, type AppProblem } from './appFrameState';
import { connectAppBridge, type AppToolResult } from './connectAppBridge';
import { saveFile } from '../../components/downloadText';
import { linkedBlob, toDownloadFiles } from './downloadFiles';
import { healPartialJson } from './healPartialJson';
import {
  buildHostContext,
  DISPLAY_MODES,
  INLINE_MAX_HEIGHT,
  styleVariables,
  type DocumentLook,
} from './hostContext';
import type { AppPromptRequest } from './useAppPrompt';
import type { BridgeTraffic } from './BridgeTraffic';

/** CSP "blocked URIs" that name code, not a place the App tried to reach. */
const CODE_SOURCES = new Set(['eval', 'inline', 'wasm-eval', 'trusted-types-sink', '']);

/** How long an App has to finish `ui/initialize` before the card says it did not start. */
export const INIT_TIMEOUT_MS = 8_000;

/** The chat tool call an App belongs to, as its card knows it now. */
export interface AppCall {
  toolUseId: string;
  status: ToolCallStatus;
  /** The complete input, once the model finished writing it. */
  input?: unknown;
  /** The input as far as it is written (JSON text), while it is not complete. */
  partialInput?: string;
  /** Why it did not run (denied, cancelled), when it did not. */
  reason?: string;
}

export interface AppBridgeDeps {
  frame: AppFrame | undefined;
  iframe: HTMLIFrameElement | null;
  ready: boolean;
  call: AppCall | undefined;
  look: DocumentLook;
  displayMode: McpUiDisplayMode;
  width: number;
  platform: 'web' | 'desktop';
  version: string;
  actions: AppsState;
  dispatch: Dispatch<AppFrameAction>;
  ask: (request: AppPromptRequest, signal?: AbortSignal) => Promise<boolean>;
  /** Where the frame's bridge messages are noted (its diagnostics). */
  traffic?: BridgeTraffic;
}

/**
 * Drives one App's bridge: connects it to the sandbox frame, answers its requests through the
 * store's actions (main decides), sends the tool call's input, result or cancellation once the
 * App is initialized, and keeps its host context in step with theme, language, size and display
 * mode. Nothing about the protocol itself is decided here; the bridge speaks it.
 */
export function useAppBridge(deps: AppBridgeDeps): void {
  const bridgeRef = useRef<AppBridge | null>(null);
  const latest = useRef(deps);
  latest.current = deps;
  const { frame, iframe, ready, call, look, displayMode, width, dispatch } = deps;
  const frameId = frame?.frameId;

  useEffect(() => {
    // The frame's window is read when the bridge first needs it (see FrameTransport).
    if (!frame || !iframe) return;
    const target = (): Window | null => iframe.contentWindow;
    const { actions } = latest.current;
    let proxyReady = false;
    let alive = true;
    // What went wrong so far, for the failure's one line (the card keeps its own list).
    let problems: AppProblem[] = [];
    const problem = (found: AppProblem): void => {
      problems = withProblem(problems, found);
      dispatch({ type: 'problem', problem: found });
    };
    const fail = (failure: AppFailure): void => {
      if (!alive) return;
      dispatch({ type: 'failed', failure });
      actions.report(frame.frameId, { kind: 'failed', failure });
    };
    const timedOut = (): void =>
      fail(
        proxyReady
          ? {
              kind: 'init-timeout',
              detail: `The App did not finish starting (ui/initialize) within ${String(INIT_TIMEOUT_MS / 1000)} seconds of its sandbox page loading.${causeText(topCause(problems))}`,
            }
          : {
              kind: 'sandbox-failed',
              detail: `The sandbox page did not load within ${String(INIT_TIMEOUT_MS / 1000)} seconds: ${frame.proxyUrl.replace(/[^/]+$/, '…')}`,
            },
      );
    let timer = setTimeout(timedOut, INIT_TIMEOUT_MS);
    const d = latest.current;
    const connecting = connectAppBridge(target, frame, {
      hostInfo: { name: 'Switchboard', version: d.version },
      hostContext: buildHostContext({
        look: d.look,
        platform: d.platform,
        displayMode: d.displayMode,
        width: d.width,
        frame,
        ...(d.call ? { toolUseId: d.call.toolUseId } : {}),
        version: d.version,
      }),
      inConversation: d.call !== undefined,
      ...(d.traffic ? { traffic: d.traffic } : {}),
      host: {
        html: () => actions.html(frame.frameId, frame.contentHash),
        callTool: (name, args, signal) => actions.callTool(frame.frameId, name, args, signal),
        readResource: (uri) => actions.readResource(frame.frameId, uri),
        message: (text, signal) => latest.current.ask({ kind: 'message', text }, signal),
        openLink: (url, signal) => actions.openLink(frame.frameId, url, signal),
        download: async (contents, signal) => {
          const files = toDownloadFiles(contents);
          if (!(await latest.current.ask({ kind: 'download', files }, signal))) return false;
          for (const file of files) {
            const data =
              file.data ??
              linkedBlob(await actions.readResource(frame.frameId, file.uri ?? ''), file.mimeType);
            saveFile(file.name, data);
          }
          return true;
        },
        updateContext: (content, structured) =>
          actions.updateContext(frame.frameId, content, structured),
        log: (level, logger, data) => actions.log(frame.frameId, level, logger, data),
        report: (report) => {
          if (report.kind === 'failed') fail(report.failure);
          else if (report.kind === 'csp-violation') {
            actions.report(frame.frameId, report);
            // Blocked eval and inline code go to the server's log only: Apps built with the
            // extension's SDK probe eval on every start, which is refused and harmless.
            if (!CODE_SOURCES.has(report.blockedUri)) {
              problem({
                kind: report.kind,
                text: `${report.directive} ${report.blockedUri}`,
                url: report.blockedUri,
              });
            }
          } else if (report.kind === 'app-error' || report.kind === 'console-error') {
            actions.report(frame.frameId, report);
            problem({ kind: report.kind, text: report.message });
          } else if (report.kind === 'load-failed') {
            actions.report(frame.frameId, report);
            problem({ kind: report.kind, text: report.url, url: report.url });
          }
        },
        sandboxReady: () => {
          proxyReady = true;
          // The App's own start gets the whole time once its page is up: a large App (a
          // 4 MB pdf viewer) on a busy machine must not pay for a slow sandbox page too.
          clearTimeout(timer);
          timer = setTimeout(timedOut, INIT_TIMEOUT_MS);
          dispatch({ type: 'proxyReady' });
        },
        initialized: () => {
          clearTimeout(timer);
          dispatch({ type: 'initialized' });
          actions.report(frame.frameId, { kind: 'rendered' });
        },
        sizeChanged: (height) => {
          if (height !== undefined) dispatch({ type: 'size', height });
        },
        displayMode: (mode, appModes) => {
          const current = latest.current.displayMode;
          // Never a mode the App did not declare, if it declared any.
          if (!DISPLAY_MODES.includes(mode) || (appModes && !appModes.includes(mode)))
            return current;
          dispatch({ type: 'displayMode', mode });
          return mode;
        },
        refused: (counts) => {
          if (!alive) return;
          dispatch({ type: 'refused', counts });
          actions.report(frame.frameId, { kind: 'messages-refused', ...counts });
        },
        teardownRequested: () => {
          const bridge = bridgeRef.current;
          const close = (): void => dispatch({ type: 'closed', reason: 'requested' });
          if (bridge) void bridge.teardownResource({}, { timeout: 1_000 }).then(close, close);
          else close();
        },
      },
    });
    connecting.then(
      (bridge) => {
        if (alive) bridgeRef.current = bridge;
        else quietly(bridge.close());
      },
      (error: unknown) =>
        fail({
          kind: 'sandbox-failed',
          detail: `The App bridge did not connect: ${String(error)}`,
        }),
    );
    return () => {
      alive = false;
      clearTimeout(timer);
      const bridge = bridgeRef.current;
      bridgeRef.current = null;
      if (bridge) {
        // Best effort: the frame goes away with the card, the App may still save what it can.
        quietly(bridge.teardownResource({}, { timeout: 300 }));
        quietly(bridge.close());
      }
      actions.close(frame.frameId);
    };
    // The bridge lives as long as this frame in this iframe; everything else is read fresh.
  }, [frame, iframe, dispatch]);

  useToolData(bridgeRef, ready, call, frame, deps.actions);

  // Changes of the page reach the App as they happen (once it is initialized).
  const contextChanged = (change: McpUiHostContext): void => {
    const bridge = bridgeRef.current;
    if (ready && bridge) quietly(bridge.sendHostContextChange(change));
  };
  useEffect(() => {
    contextChanged({
      theme: look.theme,
      locale: look.language,
      styles: { variables: styleVariables() },
    });
  }, [ready, look]);
  useEffect(() => {
    contextChanged({
      displayMode,
      containerDimensions:
        displayMode === 'inline'
          ? { width, maxHeight: INLINE_MAX_HEIGHT }
          : { width, height: window.innerHeight },
    });
  }, [ready, displayMode, width, frameId]);
}

/** Tool input once initialized, then the result or the cancellation, each exactly once. */
function useToolData(
  bridgeRef: { current: AppBridge | null },
  ready: boolean,
  call: AppCall | undefined,
  frame: AppFrame | undefined,
  actions: AppsState,
): void {
  const sent = useRef({ frameId: '', input: false, partial: '', end: false });
  const status = call?.status;
  const partialInput = call?.partialInput;
  const input = call?.input ?? frame?.toolInput;
  useEffect(() => {
    const bridge = bridgeRef.current;
    if (!ready || !bridge || !call || !frame) return;
    if (sent.current.frameId !== frame.frameId) {
      sent.current = { frameId: frame.frameId, input: false, partial: '', end: false };
    }
    const mark = sent.current;
    if (!mark.input && input === undefined) {
      // Still being written: what can be recovered of it so far, each change once.
      const partial = partialInput ? healPartialJson(partialInput) : undefined;
      const text = partial ? JSON.stringify(partial) : '';
      if (partial && text !== mark.partial) {
        mark.partial = text;
        quietly(bridge.sendToolInputPartial({ arguments: partial }));
      }
      return;
    }
    if (!mark.input) {
      mark.input = true;
      quietly(bridge.sendToolInput({ arguments: asArguments(input) }));
    }
    if (mark.end) return;
    if (status === 'done' || status === 'failed') {
      mark.end = true;
      quietly(
        actions.toolResult(call.toolUseId).then(
          (outcome) => bridge.sendToolResult(forApp(outcome)),
          (error: unknown) => bridge.sendToolCancelled({ reason: `No result: ${String(error)}` }),
        ),
      );
    } else if (status === 'cancelled' || status === 'denied') {
      mark.end = true;
      quietly(bridge.sendToolCancelled({ reason: call.reason ?? status }));
    }
  }, [bridgeRef, ready, call, status, partialInput, input, frame, actions]);
}

/**
 * Sends to the App without waiting: a frame that went away meanwhile (its transport closed)
 * makes the send fail, which is expected and nothing to report.
 */
function quietly(sending: unknown): void {
  if (sending instanceof Promise) sending.catch(() => undefined);
}

function asArguments(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

/** The server's result as the App gets it: without the host's note to the model. */
function forApp(outcome: ToolOutcome): AppToolResult {
  const { hostNote: _note, ...result } = outcome;
  return result;
}

/** The top cause as the model and the log read it, after the failure's own sentence. */
function causeText(cause: AppProblem | undefined): string {
  if (!cause) return '';
  const what = {
    'csp-violation': 'blocked by its CSP',
    'load-failed': 'could not load',
    'app-error': 'script error',
    'console-error': 'error logged by the App',
  }[cause.kind];
  return ` Top cause: ${what}: ${cause.text}.`;
}
