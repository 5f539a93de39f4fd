/**
 * Turns WebRTC off in an App's document and in every document nested in it. It runs as the
 * first script of the App (see `withPrelude`), so nothing of the App's runs before it.
 *
 * Why a script: Chromium (156) has no switch a page can set. It ignores the CSP `webrtc`
 * directive ("Unrecognized Content-Security-Policy directive"), Permissions-Policy has no
 * feature for peer connections, and `connect-src 'none'` does not cover ICE: an App whose CSP
 * allowed nothing still sent STUN packets. (Electron also disables non-proxied UDP for the whole
 * window; see main/window/restrictWebRtc.ts.)
 *
 * What it does:
 * - `RTCPeerConnection` and `webkitRTCPeerConnection` become non-configurable `undefined`.
 * - Nested documents cannot be reached from the App (they inherit its sandbox without
 *   `allow-same-origin`, so each has an opaque origin of its own); what runs in them is their
 *   own script. So every `srcdoc` of a nested frame gets this guard first, and a `javascript:`
 *   frame URL becomes `about:blank`: through the property setters and `setAttribute` at once,
 *   and for frames made any other way (parsed HTML, `document.write`, attribute nodes, shadow
 *   trees) through a mutation observer. Its callback runs before the nested document can: that
 *   document commits in a later task on this same thread (an App busy for 500 ms after making
 *   one is in the e2e battery).
 * - Shadow roots are observed as they are attached; declarative ones are made open (closed
 *   ones could hide a frame): in `setHTMLUnsafe`/`setHTML`/`parseHTMLUnsafe` here, in the App's
 *   own HTML by the proxy, and `document.write` may not write one.
 * - Workers have no `RTCPeerConnection` in Chromium.
 *
 * Everything it calls later (when the App may have changed built-ins) is taken before the App
 * runs. It is self-contained: its source text is what nested documents get.
 */
export function webRtcGuard(win: Window, source: string): void {
  const w = win as Window & typeof globalThis;
  // `HTMLFrameElement` is not in every realm's types.
  const frameCtorOf = (realm: object): { prototype: object } | undefined =>
    (realm as Record<string, { prototype: object } | undefined>).HTMLFrameElement;
  const apply = Reflect.apply;
  const define = Object.defineProperty;
  const describe = Object.getOwnPropertyDescriptor;
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection']) {
    try {
      define(w, name, {
        value: undefined,
        writable: false,
        enumerable: false,
        configurable: false,
      });
    } catch {
      // Already fixed in this realm.
    }
  }

  const doc = w.document;
  const element = w.Element.prototype;
  const documentProto = w.Document.prototype;
  // Taken from descriptors: these are called later, on the App's objects, never looked up again.
  type Accessors = { get?: unknown; set?: unknown } | undefined;
  const accessors = (proto: object, name: string): Accessors => describe(proto, name);
  const getter = (proto: object, name: string): unknown => accessors(proto, name)?.get;
  const method = (proto: object, name: string): unknown => describe(proto, name)?.value;
  const getAttribute = method(element, 'getAttribute');
  const setAttribute = method(element, 'setAttribute');
  const setAttributeNS = method(element, 'setAttributeNS');
  const hasAttribute = method(element, 'hasAttribute');
  const attachShadow = method(element, 'attachShadow');
  const localNameOf = getter(element, 'localName');
  const shadowRootOf = getter(element, 'shadowRoot');
  const nodeTypeOf = getter(w.Node.prototype, 'nodeType');
  const contentOf = getter(w.HTMLTemplateElement.prototype, 'content');
  const innerHTML = accessors(element, 'innerHTML');
  const createElement = method(documentProto, 'createElement');
  const createTreeWalker = method(documentProto, 'createTreeWalker');
  const nextNode = method(w.TreeWalker.prototype, 'nextNode');
  const recordType = getter(w.MutationRecord.prototype, 'type');
  const recordTarget = getter(w.MutationRecord.prototype, 'target');
  const recordAdded = getter(w.MutationRecord.prototype, 'addedNodes');
  const listLength = getter(w.NodeList.prototype, 'length');
  const listItem = method(w.NodeList.prototype, 'item');
  const observe = method(w.MutationObserver.prototype, 'observe');
  const lower = method(String.prototype, 'toLowerCase');
  const indexOf = method(String.prototype, 'indexOf');
  const slice = method(String.prototype, 'slice');
  const charCodeAt = method(String.prototype, 'charCodeAt');
  const exec = method(RegExp.prototype, 'exec');
  const seenHas = method(WeakSet.prototype, 'has');
  const seenAdd = method(WeakSet.prototype, 'add');
  const seen = new WeakSet<object>();
  const DOCTYPE = /^\s*<!doctype[^>]*>/i;
  const call = (fn: unknown, self: unknown, args: unknown[] = []): unknown =>
    apply(fn as (...a: unknown[]) => unknown, self, args);
  // A template literal converts once, with the language's own ToString (not `String`, which
  // the App could replace); the value is a primitive from then on.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-template-expression
  const text = (value: unknown): string => `${value as string}`;
  const lowered = (value: string): string => call(lower, value) as string;

  const literal = JSON.stringify(source).split('<').join('\\u003c');
  const prefix = '<script>(' + source + ')(window,' + literal + ')<' + '/script>';
  /** The nested document's HTML with this guard first (after any doctype, for standards mode). */
  const guarded = (html: string): string => {
    const match = call(exec, DOCTYPE, [html]) as string[] | null;
    const at = match ? (match[0] ?? '').length : 0;
    if (call(indexOf, html, [prefix, at]) === at) return html;
    return (call(slice, html, [0, at]) as string) + prefix + (call(slice, html, [at]) as string);
  };
  /** A URL's scheme as a browser reads it: leading blanks and tabs or newlines ignored. */
  const isScript = (url: string): boolean => {
    let scheme = '';
    let i = 0;
    while (i < url.length && (call(charCodeAt, url, [i]) as number) <= 0x20) i += 1;
    for (; i < url.length && scheme.length < 11; i += 1) {
      const code = call(charCodeAt, url, [i]) as number;
      if (code !== 9 && code !== 10 && code !== 13) scheme += url[i] ?? '';
    }
    return lowered(scheme) === 'javascript:';
  };
  const isFrame = (node: unknown): boolean => {
    if (call(nodeTypeOf, node) !== 1) return false;
    const name = call(localNameOf, node);
    return name === 'iframe' || name === 'frame';
  };
  const clean = (name: string, value: string): string => {
    if (name === 'srcdoc') return guarded(value);
    if (name === 'src' && isScript(value)) return 'about:blank';
    return value;
  };
  const fixAttribute = (el: unknown, name: string): void => {
    const value = call(getAttribute, el, [name]) as string | null;
    if (value === null) return;
    const fixed = clean(name, value);
    if (fixed !== value) call(setAttribute, el, [name, fixed]);
  };
  // No loops over arrays from here on: the App may have changed how arrays iterate.
  const fixFrame = (el: unknown): void => {
    if (!isFrame(el)) return;
    fixAttribute(el, 'srcdoc');
    fixAttribute(el, 'src');
  };

  const options = {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['srcdoc', 'src'],
  };
  // Same-origin nested realms (the proxy page's own frames; an App's are opaque). A frame made
  // without a URL shares its parent's origin, and its realm is reachable at once: the guard runs
  // there as the element's window and document getters, its SVG document, its load and the
  // observer hand it out. Not a wall on its own: `window[i]` right after insertion, or a blank
  // frame loaded again, come before all of these in Chromium (e2e), which is why Apps keep an
  // opaque origin. Another origin's realm is not reachable from here.
  const defaultViewOf = getter(documentProto, 'defaultView');
  const addListener = method(w.EventTarget.prototype, 'addEventListener');
  // No prototype: an element named `constructor` must find nothing here.
  const windowGetters = Object.create(null) as Record<string, unknown>;
  const owners: [string, object | undefined][] = [
    ['iframe', w.HTMLIFrameElement.prototype],
    ['frame', frameCtorOf(w)?.prototype],
    ['object', w.HTMLObjectElement.prototype],
  ];
  for (const [name, proto] of owners)
    if (proto) windowGetters[name] = getter(proto, 'contentWindow');
  const guardRealm = (child: object | null | undefined): void => {
    if (!child) return;
    try {
      const own = describe(child, 'RTCPeerConnection');
      if (own && !own.configurable && own.value === undefined) return;
    } catch {
      return;
    }
    try {
      webRtcGuard(child as Window, source);
    } catch {
      // A realm going away as it is reached: nothing left to guard.
    }
  };
  const guardFrame = (el: unknown): void => {
    if (call(nodeTypeOf, el) !== 1) return;
    const get = windowGetters[call(localNameOf, el) as string];
    if (get) guardRealm(call(get, el) as Window | null);
  };
  const onLoad = (event: Event): void => guardFrame(event.target);
  const visit = (node: unknown): void => {
    fixFrame(node);
    guardFrame(node);
    const root = call(shadowRootOf, node) as ShadowRoot | null;
    if (root) watch(root);
  };
  const scan = (root: Node): void => {
    if (call(nodeTypeOf, root) === 1) visit(root);
    const walker = call(createTreeWalker, doc, [root, 1]);
    for (let node = call(nextNode, walker); node !== null; node = call(nextNode, walker))
      visit(node);
  };
  const observer = new w.MutationObserver((records) => {
    for (let i = 0; i < records.length; i += 1) {
      const record = records[i];
      if (call(recordType, record) === 'attributes') {
        fixFrame(call(recordTarget, record));
        continue;
      }
      const added = call(recordAdded, record);
      const count = call(listLength, added) as number;
      for (let j = 0; j < count; j += 1) scan(call(listItem, added, [j]) as Node);
    }
  });
  const watch = (root: Node): void => {
    if (call(seenHas, seen, [root])) return;
    call(seenAdd, seen, [root]);
    call(observe, observer, [root, options]);
    // A load does not leave a shadow tree: each root listens for its own frames.
    call(addListener, root === doc ? w : root, ['load', onLoad, true]);
    scan(root);
  };
  watch(doc);
  for (const [name, proto] of owners) {
    if (!proto) continue;
    for (const prop of ['contentWindow', 'contentDocument']) {
      const descriptor = describe(proto, prop);
      const get = accessors(proto, prop)?.get;
      if (!descriptor || typeof get !== 'function') continue;
      define(proto, prop, {
        ...descriptor,
        get(this: Element) {
          if (isFrame(this) || name === 'object') guardFrame(this);
          return call(get, this);
        },
      });
    }
  }
  for (const proto of [w.HTMLObjectElement.prototype, w.HTMLEmbedElement.prototype]) {
    const original = method(proto, 'getSVGDocument');
    if (typeof original !== 'function') continue;
    define(proto, 'getSVGDocument', {
      value: function (this: Element): Document | null {
        const svg = call(original, this) as Document | null;
        if (svg) guardRealm(call(defaultViewOf, svg) as Window | null);
        return svg;
      },
      writable: true,
      configurable: true,
    });
  }

  /** Declarative shadow roots made open, so the observer can see into them. */
  const openShadowRoots = (html: string): string => {
    if ((call(indexOf, lowered(html), ['shadowrootmode']) as number) < 0) return html;
    const template = call(createElement, doc, ['template']);
    call(innerHTML?.set, template, [html]);
    const openIn = (fragment: unknown): void => {
      const walker = call(createTreeWalker, doc, [fragment, 1]);
      for (let node = call(nextNode, walker); node !== null; node = call(nextNode, walker)) {
        if (call(localNameOf, node) !== 'template') continue;
        if (call(hasAttribute, node, ['shadowrootmode'])) {
          call(setAttribute, node, ['shadowrootmode', 'open']);
        }
        openIn(call(contentOf, node));
      }
    };
    openIn(call(contentOf, template));
    return call(innerHTML?.get, template) as string;
  };

  // Hooks: frames changed through these are fixed before they navigate.
  const frameCtor = frameCtorOf(w);
  const frameProtos = [w.HTMLIFrameElement.prototype, frameCtor?.prototype];
  for (const proto of frameProtos) {
    if (!proto) continue;
    for (const name of ['srcdoc', 'src']) {
      const descriptor = describe(proto, name);
      const set = accessors(proto, name)?.set;
      if (!descriptor || typeof set !== 'function') continue;
      define(proto, name, {
        ...descriptor,
        set(this: Element, value: unknown) {
          call(set, this, [clean(name, text(value))]);
        },
      });
    }
  }
  element.setAttribute = function (this: Element, qualified: string, value: string): void {
    const name = text(qualified);
    const given = text(value);
    call(setAttribute, this, [name, isFrame(this) ? clean(lowered(name), given) : given]);
  };
  element.setAttributeNS = function (
    this: Element,
    namespace: string | null,
    qualified: string,
    value: string,
  ): void {
    const name = text(qualified);
    const given = text(value);
    const plain = !namespace;
    const fixed = plain && isFrame(this) ? clean(lowered(name), given) : given;
    call(setAttributeNS, this, [namespace, name, fixed]);
  };
  element.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const root = call(attachShadow, this, [init]) as ShadowRoot;
    watch(root);
    return root;
  };
  const htmlMethods: [object, string][] = [
    [element, 'setHTMLUnsafe'],
    [element, 'setHTML'],
    [w.ShadowRoot.prototype, 'setHTMLUnsafe'],
    [w.ShadowRoot.prototype, 'setHTML'],
    [w.Document, 'parseHTMLUnsafe'],
  ];
  for (const [owner, name] of htmlMethods) {
    const original = method(owner, name);
    if (typeof original !== 'function') continue;
    define(owner, name, {
      value: function (this: unknown, html: unknown, settings?: unknown): unknown {
        return call(original, this, [openShadowRoots(text(html)), settings]);
      },
      writable: true,
      configurable: true,
    });
  }
  // `document.write` goes to the parser, which could build a closed declarative root: refused.
  let written = '';
  for (const name of ['write', 'writeln'] as const) {
    const original = method(documentProto, name);
    documentProto[name] = function (this: Document, ...parts: string[]): void {
      let chunk = '';
      for (let i = 0; i < parts.length; i += 1) chunk += text(parts[i]);
      const recent = lowered(written + chunk);
      written = call(slice, recent, [-16]) as string;
      if ((call(indexOf, recent, ['shadowrootmode']) as number) >= 0) return;
      call(original, this, [chunk]);
    };
  }
}

/** The guard as the App's first script: `source` is its own text, handed down to nested ones. */
export function webRtcGuardScript(): string {
  const source = webRtcGuard.toString();
  const literal = JSON.stringify(source).split('<').join('\\u003c');
  return '<script>(' + source + ')(window,' + literal + ')<' + '/script>';
}
