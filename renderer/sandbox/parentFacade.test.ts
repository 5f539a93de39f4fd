// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parentFacade, parentFacadeScript } from './parentFacade';

/** A nested window (an App's document) whose parent is this test's window. */
function nestedWindow(): Window {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  const win = frame.contentWindow;
  if (!win) throw new Error('no nested window');
  return win;
}

describe('parentFacade', () => {
  it('gives the App a frozen parent that posts to the real one', async () => {
    const app = nestedWindow();
    const real = app.parent;
    parentFacade(app);
    expect(app.parent).not.toBe(real);
    expect(Object.isFrozen(app.parent)).toBe(true);
    // A proxy framework asks any property of it without a SecurityError.
    expect((app.parent as unknown as Record<string, unknown>).__v_isRef).toBeUndefined();
    const heard = new Promise<unknown>((resolve) =>
      window.addEventListener('message', (e) => resolve(e.data), { once: true }),
    );
    app.parent.postMessage({ jsonrpc: '2.0', method: 'ui/initialize' }, '*');
    await expect(heard).resolves.toEqual({ jsonrpc: '2.0', method: 'ui/initialize' });
  });

  it('names the facade as the source of the real parent’s messages, and no other', () => {
    const app = nestedWindow() as Window & typeof globalThis;
    const real = app.parent;
    parentFacade(app);
    const fromHost = new app.MessageEvent('message', { data: 1, source: real });
    expect(fromHost.source).toBe(app.parent);
    const fromSelf = new app.MessageEvent('message', { data: 2, source: app });
    expect(fromSelf.source).toBe(app);
  });

  it('cannot be replaced by the App afterwards', () => {
    const app = nestedWindow();
    parentFacade(app);
    const facade = app.parent;
    expect(() => {
      (app as { parent: unknown }).parent = {};
    }).toThrow();
    expect(app.parent).toBe(facade);
  });

  it('leaves a top-level window alone', () => {
    const before = window.parent;
    parentFacade(window);
    expect(window.parent).toBe(before);
  });

  it('is a script with nothing that could end its element early', () => {
    const script = parentFacadeScript();
    expect(script.startsWith('<script>(')).toBe(true);
    expect(script.endsWith(')(window)</script>')).toBe(true);
    expect(script.slice('<script>'.length, -'</script>'.length)).not.toContain('<');
  });
});
