import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { AppFrame, AppTarget } from '../../../shared/domain/apps';
import { useAppStore, useAppsStore, useServersStore } from '../../stores/StoresContext';
import { AppDiagnostics, OUTER_SANDBOX } from './AppDiagnostics';
import { AppFailureView } from './AppFailureView';
import { appFrameReducer, frameOf, initialFrameState, topCause } from './appFrameState';
import { holdAppOrigin } from './holdAppOrigin';
import { AppPermissionsBar } from './AppPermissionsBar';
import { AppProblems } from './AppProblems';
import { AppRefusedSources } from './AppRefusedSources';
import { AppPromptView } from './AppPromptView';
import { useDocumentLook } from './hostContext';
import { queueMount } from './mountQueue';
import { retireFrame } from './retireFrame';
import { BridgeTraffic } from './BridgeTraffic';
import { useAppBridge, type AppCall } from './useAppBridge';
import { useAppPrompt } from './useAppPrompt';
import { usePopoverMode } from './usePopoverMode';

export interface AppFrameHostProps {
  target: AppTarget;
  /** How the person knows this App: its tool's name, else its resource. */
  label: string;
  /** The chat tool call it belongs to (absent in a preview). */
  call?: AppCall;
}

/**
 * One App in a card: main prepares the frame, the sandbox page on its own origin loads the App,
 * and the bridge connects them. Size is bounded, display modes are honoured on request, and
 * every way it can fail is said in plain words with the details a click away.
 */
export function AppFrameHost({ target, label, call }: AppFrameHostProps) {
  const { t } = useTranslation();
  const actions = useAppsStore((s) => s);
  const info = useAppStore((s) => s.info);
  const server = target.kind === 'preview' ? target.server : undefined;
  const [state, dispatch] = useReducer(appFrameReducer, initialFrameState);
  const [iframe, setIframe] = useState<HTMLIFrameElement | null>(null);
  const [width, setWidth] = useState(640);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const look = useDocumentLook();
  const { prompt, ask, answer } = useAppPrompt();
  const { phase } = state;
  const frame = frameOf(phase);
  const targetKey = JSON.stringify(target);
  const frameServer = frame?.server ?? server;
  // The last frame shown and its bridge messages, for the diagnostics (kept once it failed).
  const [shown, setShown] = useState<{ frame: AppFrame; traffic: BridgeTraffic }>();
  const traffic = shown?.traffic;
  const serverReady = useServersStore(
    (s) => s.servers.find((v) => v.name === frameServer)?.status.kind === 'ready',
  );

  useEffect(() => {
    if (phase.kind !== 'opening') return;
    let current = true;
    let dequeue: (() => void) | undefined;
    /** A frame main opened that is not shown yet: closed if the card goes first. */
    let waiting: string | undefined;
    actions.open(target).then(
      (result) => {
        if (!result.ok) {
          if (current) dispatch({ type: 'failed', failure: result.failure });
          return;
        }
        if (!current) {
          actions.close(result.frame.frameId);
          return;
        }
        // The frame goes in when its turn comes, one per task like starting: answers that
        // arrive together would otherwise put several frames, and their bridges, in one task.
        waiting = result.frame.frameId;
        dequeue = queueMount(() => {
          waiting = undefined;
          setShown({ frame: result.frame, traffic: new BridgeTraffic() });
          dispatch({ type: 'opened', frame: result.frame });
        });
      },
      (error: unknown) => {
        if (current)
          dispatch({ type: 'failed', failure: { kind: 'read-failed', detail: String(error) } });
      },
    );
    return () => {
      current = false;
      dequeue?.();
      if (waiting) actions.close(waiting);
    };
    // Reopened only by a 'reopen' (the phase goes back to opening) or another target.
  }, [phase.kind, targetKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // The server stopped while the App was shown: it goes too (it could not reach anything).
  useEffect(() => {
    if (frame && frameServer && !serverReady)
      dispatch({ type: 'closed', reason: 'server-stopped' });
  }, [frame, frameServer, serverReady]);

  useLayoutEffect(() => {
    const el = wrapperRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // While shown, and for a while after, the App's origin keeps its browser process.
  const proxyUrl = frame?.proxyUrl;
  useEffect(() => (proxyUrl ? holdAppOrigin(proxyUrl, OUTER_SANDBOX) : undefined), [proxyUrl]);

  // The card leaving the page: its frame is torn down in a task of its own (see retireFrame).
  useLayoutEffect(
    () => () => {
      if (iframe) retireFrame(iframe);
    },
    [iframe],
  );

  useAppBridge({
    frame,
    iframe,
    ready: phase.kind === 'ready',
    call,
    look,
    displayMode: state.displayMode,
    width,
    platform: info.shell === 'electron' ? 'desktop' : 'web',
    version: info.version,
    actions,
    dispatch,
    ask,
    ...(traffic ? { traffic } : {}),
  });
  usePopoverMode(wrapperRef, state.displayMode, () =>
    dispatch({ type: 'displayMode', mode: 'inline' }),
  );

  const reopen = useCallback(() => dispatch({ type: 'reopen' }), []);
  const allow = useMemo(
    () =>
      frame?.permissions.granted
        .map((p) => `${p === 'clipboardWrite' ? 'clipboard-write' : p} *`)
        .join('; '),
    [frame],
  );
  const loading = phase.kind === 'opening' || phase.kind === 'loading';
  const bordered = frame?.prefersBorder !== false;

  return (
    <div className="app-card" data-testid="app-card">
      <div
        ref={wrapperRef}
        className={`app-frame app-frame--${state.displayMode}${bordered ? ' app-frame--border' : ''}`}
        data-testid="app-frame"
        data-phase={phase.kind}
        data-display-mode={state.displayMode}
      >
        {state.displayMode !== 'inline' && (
          <div className="app-frame__bar">
            <span className="app-frame__title">{label}</span>
            <button
              type="button"
              className="button button--small"
              onClick={() => dispatch({ type: 'displayMode', mode: 'inline' })}
            >
              {t('apps.backToChat')}
            </button>
          </div>
        )}
        {loading && (
          <p className="app-frame__loading muted" role="status">
            {t('apps.loading', { name: label })}
          </p>
        )}
        {frame && (
          <iframe
            ref={setIframe}
            key={frame.frameId}
            className="app-frame__iframe"
            src={frame.proxyUrl}
            sandbox={OUTER_SANDBOX}
            {...(allow ? { allow } : {})}
            title={t('apps.frameTitle', { name: label })}
            // The App's prefers-color-scheme follows this: Apps that do dark mode match the host.
            style={{
              colorScheme: look.theme,
              ...(state.displayMode === 'inline' ? { height: state.height } : {}),
            }}
            data-testid="app-iframe"
          />
        )}
      </div>
      {frame && frame.permissions.requested.length > 0 && (
        <AppPermissionsBar
          frame={frame}
          onChange={async (allowed) => {
            await actions.setPermissions(frame.frameId, allowed);
            reopen();
          }}
        />
      )}
      {prompt && frame && (
        <AppPromptView
          prompt={prompt}
          label={label}
          onAnswer={answer}
          send={(text) => actions.sendMessage(frame.frameId, text)}
        />
      )}
      {frame && <AppRefusedSources frame={frame} />}
      <AppProblems problems={state.problems} more={state.moreProblems} refused={state.refused} />
      {phase.kind === 'failed' && (
        <AppFailureView failure={phase.failure} cause={topCause(state.problems)} onRetry={reopen} />
      )}
      {/* Always there, so the card does not change height when its App opens or fails (a
          list scrolled through many Apps would jump). */}
      <AppDiagnostics frame={shown?.frame} problems={state.problems} traffic={traffic} />
      {phase.kind === 'closed' && (
        <div className="app-closed" role="status" data-testid="app-closed">
          <span className="muted">
            {phase.reason === 'server-stopped' ? t('apps.closedServer') : t('apps.closedRequested')}
          </span>
          {(phase.reason === 'requested' || serverReady) && (
            <button type="button" className="button button--small" onClick={reopen}>
              {t('apps.showAgain')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
