/**
 * Gives an App's document a `parent` it can hold in reactive state. The App's document is
 * opaque (see `INNER_SANDBOX`), so its real `parent` is a cross-origin window, and reading any
 * property other than a few (`postMessage`, `closed`, …) throws a SecurityError. Frameworks
 * that wrap what they hold in proxies read such properties: Vue's `ref` around an App's bridge
 * asks the transport's `parent` for `__v_isRef`, which throws before the call leaves the App
 * (`server-basic-vue`'s button). In the reference host the App shares its sandbox page's
 * origin, so the same read succeeds.
 *
 * It runs first in the App's document (see `withPrelude`), before the App's scripts:
 * - `window.parent` (a replaceable attribute) becomes a frozen object whose `postMessage` posts
 *   to the real parent: a framework's proxy leaves a frozen object alone;
 * - `MessageEvent.prototype.source` gives that object for messages from the real parent, so a
 *   transport that checks `event.source === window.parent` still hears the host.
 * The App can reach nothing more than before: the real parent's `postMessage` was its only use.
 * Nested documents keep their own `parent`, which is this App's window.
 */
export function parentFacade(win: Window): void {
  const real = win.parent;
  if (real === win) return;
  const post = real.postMessage.bind(real) as (...args: unknown[]) => void;
  const facade = Object.freeze({
    postMessage: (...args: unknown[]): void => post(...args),
  });
  Object.defineProperty(win, 'parent', { value: facade, configurable: false, writable: false });
  const events = (win as Window & typeof globalThis).MessageEvent.prototype;
  const original = Object.getOwnPropertyDescriptor(events, 'source');
  if (!original?.get) return;
  Object.defineProperty(events, 'source', {
    configurable: true,
    enumerable: true,
    get(this: MessageEvent): unknown {
      const from: unknown = original.get?.call(this);
      return from === real ? facade : from;
    },
  });
}

/** The facade as the script that goes first into an App's document. */
export function parentFacadeScript(): string {
  // Its source has no `<`, so it cannot end the script element early.
  return '<script>(' + parentFacade.toString() + ')(window)<' + '/script>';
}
