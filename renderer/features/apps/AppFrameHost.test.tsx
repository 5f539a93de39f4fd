import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppFrame, AppOpenResult } from '../../../shared/domain/apps';
import { serverView } from '../../testing/fixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { AppFrameHost } from './AppFrameHost';
import { INIT_TIMEOUT_MS, type AppCall } from './useAppBridge';

const frame: AppFrame = {
  frameId: 'a'.repeat(32),
  proxyUrl: `http://${'b'.repeat(32)}.localhost:9/frame/${'a'.repeat(32)}`,
  contentHash: 'h',
  server: 'apps',
  resourceUri: 'ui://apps/counter.html',
  csp: {},
  permissions: { requested: [], granted: [] },
};

afterEach(() => vi.useRealTimers());

/** Frames go in one per turn (a frame, then a task: see mountQueue), so those are faked too. */
const TIMERS = { toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] } as const;
/** Long enough for a frame and a task. */
const A_TURN_MS = 20;

async function show(opened: AppOpenResult | (() => AppOpenResult)) {
  return renderWithStores(
    <AppFrameHost
      target={{ kind: 'preview', server: 'apps', uri: frame.resourceUri }}
      label="counter"
    />,
    {
      servers: [serverView('apps')],
      script: (name) => {
        if (name === 'apps.open') return typeof opened === 'function' ? opened() : opened;
        if (name === 'apps.getHtml') return { html: '<!doctype html><p>counter</p>' };
        return {};
      },
    },
  );
}

/** The sandbox page says it is up, as its proxy script does, and a little time passes. */
async function sandboxUp(proxy: Window): Promise<void> {
  await act(async () => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} },
        source: proxy,
        origin: 'http://127.0.0.1:9',
      }),
    );
    await vi.advanceTimersByTimeAsync(10);
  });
}

describe('AppFrameHost', () => {
  it('says in plain words why an App cannot be shown, with the details on demand', async () => {
    let attempts = 0;
    const { host } = await show(() => {
      attempts++;
      return {
        ok: false,
        failure: {
          kind: 'resource-missing',
          detail: 'resources/read ui://apps/counter.html failed',
        },
      };
    });
    const failure = await screen.findByTestId('app-failure');
    expect(failure.textContent).toContain('the server does not have its page');
    expect(screen.getByText('resources/read ui://apps/counter.html failed')).toBeTruthy();
    fireEvent.click(screen.getByText('Try again'));
    await settle();
    expect(attempts).toBe(2);
    expect(host.callsOf('apps.report')).toEqual([]);
  });

  it('fails an App that never starts, reports it, and closes its frame when it goes', async () => {
    vi.useFakeTimers({ toFake: [...TIMERS.toFake] });
    const { host, unmount } = await show({ ok: true, frame });
    await act(() => vi.advanceTimersByTimeAsync(A_TURN_MS));
    expect(screen.getByTestId('app-iframe').getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin',
    );
    expect(screen.getByTestId('app-frame').dataset.phase).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(INIT_TIMEOUT_MS));
    const failure = screen.getByTestId('app-failure');
    expect(failure.dataset.kind).toBe('sandbox-failed');
    expect(host.callsOf('apps.report')).toEqual([
      {
        frameId: frame.frameId,
        report: {
          kind: 'failed',
          failure: expect.objectContaining({ kind: 'sandbox-failed' }) as unknown,
        },
      },
    ]);
    expect(host.callsOf('apps.close')).toEqual([{ frameId: frame.frameId }]);
    unmount();
  });

  it('puts frames in one per turn, even when their answers come together', async () => {
    vi.useFakeTimers({ toFake: [...TIMERS.toFake] });
    let opened = 0;
    const frames = ['b', 'c', 'd'].map((c) => ({ ...frame, frameId: c.repeat(32) }));
    const { host, unmount } = await renderWithStores(
      <>
        {frames.map((f) => (
          <AppFrameHost
            key={f.frameId}
            target={{ kind: 'preview', server: 'apps', uri: f.resourceUri }}
            label="counter"
          />
        ))}
      </>,
      {
        servers: [serverView('apps')],
        script: (name) => (name === 'apps.open' ? { ok: true, frame: frames[opened++] } : {}),
      },
    );
    await act(() => settle());
    expect(opened).toBe(3);
    expect(screen.queryAllByTestId('app-iframe')).toHaveLength(0);
    for (const shown of [1, 2]) {
      await act(() => vi.advanceTimersByTimeAsync(A_TURN_MS));
      expect(screen.queryAllByTestId('app-iframe')).toHaveLength(shown);
    }
    // Gone before its turn: the frame main opened for it is closed all the same.
    unmount();
    expect(host.callsOf('apps.close')).toContainEqual({ frameId: frames[2]?.frameId });
    await act(() => vi.advanceTimersByTimeAsync(A_TURN_MS * 3));
    expect(screen.queryAllByTestId('app-iframe')).toHaveLength(0);
  });

  it('tells a sandbox that loaded but an App that never initialized apart', async () => {
    vi.useFakeTimers({ toFake: [...TIMERS.toFake] });
    const { host } = await show({ ok: true, frame });
    await act(() => vi.advanceTimersByTimeAsync(A_TURN_MS));
    const iframe = screen.getByTestId<HTMLIFrameElement>('app-iframe');
    const proxy = iframe.contentWindow;
    if (!proxy) throw new Error('no frame window');
    const sentToProxy = vi.spyOn(proxy, 'postMessage');
    await sandboxUp(proxy);
    expect(host.callsOf('apps.getHtml')).toEqual([{ frameId: frame.frameId }]);
    expect(sentToProxy.mock.calls[0]?.[0]).toMatchObject({
      method: 'ui/notifications/sandbox-resource-ready',
    });
    await act(() => vi.advanceTimersByTimeAsync(INIT_TIMEOUT_MS));
    expect(screen.getByTestId('app-failure').dataset.kind).toBe('init-timeout');
    expect(screen.getByTestId('app-failure').textContent).toContain('The App did not start');
  });

  it('gives the App its whole start time from when its sandbox page is up', async () => {
    vi.useFakeTimers({ toFake: [...TIMERS.toFake] });
    await show({ ok: true, frame });
    await act(() => vi.advanceTimersByTimeAsync(A_TURN_MS));
    const proxy = screen.getByTestId<HTMLIFrameElement>('app-iframe').contentWindow;
    if (!proxy) throw new Error('no frame window');
    vi.spyOn(proxy, 'postMessage');
    // A slow sandbox page: up just before the time runs out.
    await act(() => vi.advanceTimersByTimeAsync(INIT_TIMEOUT_MS - 500));
    await sandboxUp(proxy);
    await act(() => vi.advanceTimersByTimeAsync(INIT_TIMEOUT_MS - 500));
    expect(screen.queryByTestId('app-failure')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByTestId('app-failure').dataset.kind).toBe('init-timeout');
  });

  it('keeps a failed App’s diagnostics: origin, sandbox flags, CSP, problems, bridge messages', async () => {
    vi.useFakeTimers({ toFake: [...TIMERS.toFake] });
    const cspHeader = "default-src 'none'; script-src 'self' 'unsafe-eval' blob:";
    await show({ ok: true, frame: { ...frame, cspHeader } });
    await act(() => vi.advanceTimersByTimeAsync(A_TURN_MS));
    const proxy = screen.getByTestId<HTMLIFrameElement>('app-iframe').contentWindow;
    if (!proxy) throw new Error('no frame window');
    vi.spyOn(proxy, 'postMessage');
    const fromProxy = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, source: proxy }));
    await act(async () => {
      fromProxy({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
      await vi.advanceTimersByTimeAsync(10);
      fromProxy({
        jsonrpc: '2.0',
        method: 'x-switchboard/sandbox-report',
        params: { kind: 'load-failed', url: 'https://cdn.example.com/lib.js', element: 'script' },
      });
      await vi.advanceTimersByTimeAsync(10);
    });
    await act(() => vi.advanceTimersByTimeAsync(INIT_TIMEOUT_MS));
    expect(screen.getByTestId('app-failure').dataset.kind).toBe('init-timeout');
    const diagnostics = screen.getByTestId<HTMLDetailsElement>('app-diagnostics');
    expect(diagnostics.open).toBe(false);
    await act(async () => {
      diagnostics.open = true;
      diagnostics.dispatchEvent(new Event('toggle'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('app-diagnostics-origin').textContent).toBe(
      `http://${'b'.repeat(32)}.localhost:9`,
    );
    expect(screen.getByTestId('app-diagnostics-sandbox').textContent).toContain(
      'allow-scripts allow-forms',
    );
    expect(
      [...screen.getByTestId('app-diagnostics-csp').querySelectorAll('li')].map(
        (li) => li.textContent,
      ),
    ).toEqual(["default-src 'none'", "script-src 'self' 'unsafe-eval' blob:"]);
    expect(screen.getByTestId('app-diagnostics-problems').textContent).toContain(
      'https://cdn.example.com/lib.js',
    );
    const messages = screen.getByTestId('app-diagnostics-messages').textContent;
    expect(messages).toContain('from the App notification ui/notifications/sandbox-proxy-ready');
    expect(messages).toContain('to the App notification ui/notifications/sandbox-resource-ready');
  });

  it("leaves the frame's window alone until a message comes (no context for its blank page)", async () => {
    vi.useFakeTimers({ toFake: [...TIMERS.toFake] });
    const windowRead = vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get');
    const { host } = await show({ ok: true, frame });
    await act(() => vi.advanceTimersByTimeAsync(A_TURN_MS));
    const iframe = screen.getByTestId<HTMLIFrameElement>('app-iframe');
    expect(windowRead).not.toHaveBeenCalled();
    const proxy = iframe.contentWindow;
    if (!proxy) throw new Error('no frame window');
    windowRead.mockClear();
    await sandboxUp(proxy);
    // Read once, when the first message came; the frame's answer went to the same window.
    expect(windowRead).toHaveBeenCalledTimes(1);
    expect(host.callsOf('apps.getHtml')).toEqual([{ frameId: frame.frameId }]);
    windowRead.mockRestore();
  });

  it('drives an initialized App: partial input while it is written, then input and result', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
    let setCall: (call: AppCall) => void = () => undefined;
    function Card() {
      const [call, set] = useState<AppCall>({
        toolUseId: 'toolu_1',
        status: 'pending',
        partialInput: '{"label": "cli',
      });
      setCall = set;
      return (
        <AppFrameHost
          target={{ kind: 'toolCall', toolUseId: 'toolu_1' }}
          label="counter"
          call={call}
        />
      );
    }
    const { host } = await renderWithStores(<Card />, {
      servers: [serverView('apps')],
      script: (name) => {
        if (name === 'apps.open') return { ok: true, frame };
        if (name === 'conversation.getToolResult') {
          return {
            outcome: {
              content: [{ type: 'text', text: 'count is 1' }],
              hostNote: 'for the model',
            },
          };
        }
        return {};
      },
    });
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(A_TURN_MS));
    const proxy = (await screen.findByTestId<HTMLIFrameElement>('app-iframe')).contentWindow;
    if (!proxy) throw new Error('no frame window');
    const toApp = vi.spyOn(proxy, 'postMessage');
    const fromApp = async (data: unknown) => {
      await act(async () => {
        window.dispatchEvent(new MessageEvent('message', { data, source: proxy }));
        await settle();
      });
    };
    await fromApp({
      jsonrpc: '2.0',
      id: 1,
      method: 'ui/initialize',
      params: {
        appInfo: { name: 'a', version: '1' },
        appCapabilities: {},
        protocolVersion: '2026-01-26',
      },
    });
    expect(toApp.mock.calls[0]?.[0]).toMatchObject({
      id: 1,
      result: {
        hostInfo: { name: 'Switchboard' },
        hostCapabilities: { serverTools: {}, openLinks: {}, message: { text: {} } },
        hostContext: { displayMode: 'inline', theme: 'light' },
      },
    });
    await fromApp({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    const sent = () => toApp.mock.calls.map(([m]) => m as { method?: string; params?: unknown });
    expect(sent().filter((m) => m.method?.startsWith('ui/notifications/tool'))).toEqual([
      expect.objectContaining({
        method: 'ui/notifications/tool-input-partial',
        params: { arguments: { label: 'cli' } },
      }),
    ]);
    expect(host.callsOf('apps.report')).toEqual([
      { frameId: frame.frameId, report: { kind: 'rendered' } },
    ]);
    // What the host does not offer gets a clear JSON-RPC error.
    await fromApp({ jsonrpc: '2.0', id: 7, method: 'sampling/createMessage', params: {} });
    await fromApp({ jsonrpc: '2.0', id: 8, method: 'prompts/list', params: {} });
    const answers = toApp.mock.calls.map(([m]) => m as { id?: number; error?: { code: number } });
    expect(answers.find((m) => m.id === 7)?.error?.code).toBe(-32601);
    expect(answers.find((m) => m.id === 8)?.error?.code).toBe(-32601);

    await act(async () => {
      setCall({ toolUseId: 'toolu_1', status: 'running', input: { label: 'clicks' } });
      await settle();
    });
    await act(async () => {
      setCall({ toolUseId: 'toolu_1', status: 'done', input: { label: 'clicks' } });
      await settle();
    });
    const tool = sent().filter((m) => m.method?.startsWith('ui/notifications/tool'));
    expect(tool.map((m) => m.method)).toEqual([
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
    ]);
    expect(tool[1]?.params).toEqual({ arguments: { label: 'clicks' } });
    // The App gets the server's result, not the host's note to the model.
    expect(tool[2]?.params).toEqual({ content: [{ type: 'text', text: 'count is 1' }] });
  });
});
