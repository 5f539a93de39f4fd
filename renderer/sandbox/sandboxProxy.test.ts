import { describe, expect, it, vi } from 'vitest';
import {
  INNER_SANDBOX,
  PROXY_READY,
  REPORTER,
  RESOURCE_READY,
  startSandboxProxy,
  openDeclarativeShadowRoots,
  withPrelude,
} from './sandboxProxy';
import { parentFacadeScript } from './parentFacade';
import { webRtcGuardScript } from './webRtcGuard';

const HOST = 'http://127.0.0.1:4000';

/** A proxy window around jsdom's document, with a parent that records what it is sent. */
function proxyWindow(ancestors: string[] = [HOST]) {
  const parent = { postMessage: vi.fn() };
  let listener: ((event: MessageEvent) => void) | undefined;
  const win = {
    parent,
    document,
    location: {
      ancestorOrigins: { length: ancestors.length, item: (i: number) => ancestors[i] ?? null },
    },
    addEventListener: (_type: string, l: (event: MessageEvent) => void) => (listener = l),
    removeEventListener: () => (listener = undefined),
  } as unknown as Window;
  const deliver = (source: unknown, origin: string, data: unknown): void =>
    listener?.({ source, origin, data } as MessageEvent);
  return { win, parent, deliver };
}

describe('the sandbox proxy', () => {
  it('announces itself to the host origin only, and loads the App into an opaque frame', () => {
    document.body.innerHTML = '';
    const { win, parent, deliver } = proxyWindow();
    startSandboxProxy(win, { parentOrigins: [HOST, 'http://localhost:4000'], allow: 'camera *' });
    expect(parent.postMessage).toHaveBeenCalledWith(
      { jsonrpc: '2.0', method: PROXY_READY, params: {} },
      HOST,
    );
    deliver(parent, 'http://evil.example', {
      jsonrpc: '2.0',
      method: RESOURCE_READY,
      params: { html: '<p>evil</p>' },
    });
    expect(document.querySelector('iframe')).toBeNull();
    deliver(parent, HOST, {
      jsonrpc: '2.0',
      method: RESOURCE_READY,
      params: {
        html: '<!DOCTYPE html><p>app</p>',
        sandbox: 'allow-scripts allow-same-origin allow-top-navigation',
      },
    });
    const frame = document.querySelector('iframe');
    // Opaque (no same origin); never what the message asked for.
    expect(frame?.getAttribute('sandbox')).toBe(INNER_SANDBOX);
    expect(frame?.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame?.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame?.getAttribute('allow')).toBe('camera *');
    expect(frame?.srcdoc.startsWith('<!DOCTYPE html><script>')).toBe(true);
    // A second resource does not replace the App.
    deliver(parent, HOST, { jsonrpc: '2.0', method: RESOURCE_READY, params: { html: 'again' } });
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('relays host ⇄ App messages, and keeps sandbox messages to itself', () => {
    document.body.innerHTML = '';
    const { win, parent, deliver } = proxyWindow([]);
    startSandboxProxy(win, { parentOrigins: [HOST], allow: '' });
    deliver(parent, HOST, { jsonrpc: '2.0', method: RESOURCE_READY, params: { html: '<p>x</p>' } });
    const inner = document.querySelector('iframe')?.contentWindow;
    if (!inner) throw new Error('no inner frame');
    const toApp = vi.spyOn(inner, 'postMessage');
    const toolInput = { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} };
    deliver(parent, HOST, toolInput);
    deliver(parent, HOST, { jsonrpc: '2.0', method: 'ui/notifications/sandbox-other', params: {} });
    expect(toApp.mock.calls).toEqual([[toolInput, '*']]);
    parent.postMessage.mockClear();
    const init = { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} };
    deliver(inner, 'null', init);
    deliver({}, 'null', { jsonrpc: '2.0', id: 2, method: 'forged' });
    expect(parent.postMessage.mock.calls).toEqual([[init, HOST]]);
  });

  it('closes an App that loads another page in its frame, and says so', () => {
    document.body.innerHTML = '';
    const { win, parent, deliver } = proxyWindow();
    startSandboxProxy(win, { parentOrigins: [HOST], allow: '' });
    deliver(parent, HOST, { jsonrpc: '2.0', method: RESOURCE_READY, params: { html: '<p>x</p>' } });
    const frame = document.querySelector('iframe');
    if (!frame) throw new Error('no App frame');
    frame.dispatchEvent(new Event('load'));
    expect(document.querySelector('iframe')).toBe(frame);
    parent.postMessage.mockClear();
    frame.dispatchEvent(new Event('load'));
    expect(document.querySelector('iframe')).toBeNull();
    expect(parent.postMessage).toHaveBeenCalledWith(
      { jsonrpc: '2.0', method: 'x-switchboard/sandbox-report', params: { kind: 'navigated' } },
      HOST,
    );
  });

  it('puts the reporter after a doctype, so the App keeps standards mode', () => {
    const parser = new DOMParser();
    const guard = webRtcGuardScript();
    expect(withPrelude('<!doctype html><p>a</p>', parser)).toBe(
      `<!doctype html>${guard}${parentFacadeScript()}${REPORTER}<p>a</p>`,
    );
    expect(withPrelude('<p>a</p>', parser)).toBe(
      `${guard}${parentFacadeScript()}${REPORTER}<p>a</p>`,
    );
  });

  it('reports what the App logs with console.error, and still logs it', () => {
    const body = REPORTER.replace(/^<script>/, '').replace(/<\/script>$/, '');
    const parent = { postMessage: vi.fn() };
    const logged = vi.fn();
    const appConsole = { error: logged };
    // The reporter is script text the App's frame runs; run it the same way, its globals
    // (the frame's window's own) given as stand-ins.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function('parent', 'addEventListener', 'console', body) as (
      ...args: unknown[]
    ) => void;
    run(parent, () => undefined, appConsole);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    appConsole.error(new DOMException('Blocked a frame', 'SecurityError'), 'at', { n: 1 }, cyclic);
    expect(logged).toHaveBeenCalledOnce();
    expect(parent.postMessage).toHaveBeenCalledWith(
      {
        jsonrpc: '2.0',
        method: 'x-switchboard/sandbox-report',
        params: {
          kind: 'console-error',
          message: 'SecurityError: Blocked a frame at {"n":1} [object Object]',
        },
      },
      '*',
    );
    appConsole.error('x'.repeat(5000));
    const last = parent.postMessage.mock.lastCall as [{ params: { message: string } }, string];
    expect(last[0].params.message).toHaveLength(4000);
  });

  it('opens declarative shadow roots of the App (a closed one could hide a frame from the guard)', () => {
    const parser = new DOMParser();
    const plain = '<!doctype html><p>no shadow here</p>';
    expect(openDeclarativeShadowRoots(plain, parser)).toBe(plain);
    const html =
      '<!DOCTYPE html><div><template shadowrootmode="closed"><p>a</p>' +
      '<template SHADOWROOTMODE="closed"><iframe srcdoc="x"></iframe></template></template></div>';
    const opened = openDeclarativeShadowRoots(html, parser);
    expect(opened.startsWith('<!DOCTYPE html><html>')).toBe(true);
    expect(opened).not.toContain('closed');
    expect(opened.match(/shadowrootmode="open"/g)).toHaveLength(2);
    expect(opened).toContain('<iframe srcdoc="x"></iframe>');
  });
});
