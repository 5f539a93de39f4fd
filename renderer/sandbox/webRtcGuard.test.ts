/** @vitest-environment-options {"runScripts": "dangerously"} */
import { beforeAll, describe, expect, it } from 'vitest';
import { webRtcGuardScript } from './webRtcGuard';

/**
 * The guard as an App meets it: its script text run first in this document (jsdom with
 * scripts), with stand-ins for the constructors jsdom lacks. Chromium itself, with real peer
 * connections and a UDP listener, is in e2e/specs/appsHostile.spec.ts.
 */
function run(code: string): void {
  const script = document.createElement('script');
  script.textContent = code;
  document.head.append(script);
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => {
  run(
    'window.RTCPeerConnection = function () {}; window.webkitRTCPeerConnection = window.RTCPeerConnection;',
  );
  const tag = webRtcGuardScript();
  run(tag.slice('<script>'.length, tag.length - '</script>'.length));
});

describe('the WebRTC guard', () => {
  it('leaves no peer connection constructor, and none can be put back', () => {
    // What the App's own code would try, in the App's realm.
    run(`
      window.RTCPeerConnection = function restored() {};
      let redefined = 'redefined';
      try {
        Object.defineProperty(window, 'RTCPeerConnection', { value: function () {} });
      } catch (e) { redefined = e.name; }
      try { delete window.RTCPeerConnection; } catch (e) {}
      document.body.dataset.seen = [typeof RTCPeerConnection, typeof webkitRTCPeerConnection, redefined].join();
    `);
    expect(document.body.dataset.seen).toBe('undefined,undefined,TypeError');
  });

  it('puts itself first in every nested srcdoc, after a doctype, once', () => {
    const guard = webRtcGuardScript();
    const frame = document.createElement('iframe');
    frame.srcdoc = '<!doctype html><p>child</p>';
    expect(frame.getAttribute('srcdoc')).toBe(`<!doctype html>${guard}<p>child</p>`);
    frame.srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(frame.getAttribute('srcdoc')).toBe(`<!doctype html>${guard}<p>child</p>`);
    frame.setAttribute('SRCDOC', '<p>again</p>');
    expect(frame.getAttribute('srcdoc')).toBe(`${guard}<p>again</p>`);
    frame.setAttributeNS(null, 'srcdoc', '<p>ns</p>');
    expect(frame.getAttribute('srcdoc')).toBe(`${guard}<p>ns</p>`);
    // Only frames: the same attribute elsewhere is the App's own business.
    const div = document.createElement('div');
    div.setAttribute('srcdoc', '<p>plain</p>');
    expect(div.getAttribute('srcdoc')).toBe('<p>plain</p>');
    // A prefix the App forged is the real guard, so it still runs first.
    const forged = document.createElement('iframe');
    forged.srcdoc = `${guard}<script>new RTCPeerConnection()</script>`;
    expect(forged.getAttribute('srcdoc')?.startsWith(guard)).toBe(true);
  });

  it('turns javascript: frame URLs, however written, into about:blank', () => {
    const frame = document.createElement('iframe');
    for (const url of [
      'javascript:alert(1)',
      '  JavaScript:1',
      'java\tscr\nipt:1',
      '\u0001javascript:1',
    ]) {
      frame.setAttribute('src', url);
      expect(frame.getAttribute('src')).toBe('about:blank');
      frame.src = url;
      expect(frame.getAttribute('src')).toBe('about:blank');
    }
    frame.src = 'https://example.com/';
    expect(frame.getAttribute('src')).toBe('https://example.com/');
  });

  it('fixes frames made any other way before they can load: parsed, attribute nodes, shadow trees', async () => {
    const guard = webRtcGuardScript();
    const doc = document;
    const parsed = doc.createElement('div');
    doc.body.append(parsed);
    parsed.innerHTML = '<iframe srcdoc="<p>parsed</p>"></iframe>';
    const host = doc.createElement('div');
    doc.body.append(host);
    const root = host.attachShadow({ mode: 'closed' });
    root.innerHTML = '<iframe srcdoc="<p>shadow</p>" src="javascript:1"></iframe>';
    const byNode = doc.createElement('iframe');
    doc.body.append(byNode);
    const attr = doc.createAttribute('srcdoc');
    attr.value = '<p>node</p>';
    byNode.setAttributeNode(attr);
    await nextTask();
    expect(parsed.querySelector('iframe')?.getAttribute('srcdoc')).toBe(`${guard}<p>parsed</p>`);
    const shadowFrame = root.querySelector('iframe');
    expect(shadowFrame?.getAttribute('srcdoc')).toBe(`${guard}<p>shadow</p>`);
    expect(shadowFrame?.getAttribute('src')).toBe('about:blank');
    expect(byNode.getAttribute('srcdoc')).toBe(`${guard}<p>node</p>`);
  });

  it('guards a same-origin nested realm before the App can reach it, however it asks', () => {
    // The App has its own origin now: a frame without a URL shares it, and its realm is the
    // App's to use at once (the Chromium battery, with `window[0]`, is in appsHostile.spec.ts).
    const guarded = (realm: object | null): boolean => {
      const own = realm && Object.getOwnPropertyDescriptor(realm, 'RTCPeerConnection');
      return !!own && !own.configurable && own.value === undefined;
    };
    run(`
      const seen = [];
      const a = document.createElement('iframe');
      document.body.append(a);
      seen.push(a.contentWindow);
      const b = document.createElement('iframe');
      document.body.append(b);
      seen.push(b.contentDocument.defaultView);
      document.body.seen = seen;
    `);
    // The document is shared with the page's scripts (the window object is not).
    const seen = (document.body as unknown as { seen: (object | null)[] }).seen;
    expect(seen.map(guarded)).toEqual([true, true]);
    // A nested realm's own frames are guarded by the guard it now runs.
    const inner = seen[0] as Window;
    const grandchild = inner.document.createElement('iframe');
    inner.document.body.append(grandchild);
    expect(guarded(grandchild.contentWindow)).toBe(true);
  });

  it('does not let document.write build a declarative shadow root', () => {
    const before = document.body.innerHTML;
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- what an App would call
    document.write('<template shadowroot' + 'mode="closed"><i id="hidden"></i></template>');
    expect(document.body.innerHTML).toBe(before);
    expect(document.getElementById('hidden')).toBeNull();
  });
});
