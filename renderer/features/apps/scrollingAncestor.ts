const SCROLLS = new Set(['auto', 'scroll', 'overlay']);

/** The nearest ancestor of `element` that scrolls vertically, or null (the page scrolls it). */
export function scrollingAncestor(element: Element): Element | null {
  for (let at = element.parentElement; at; at = at.parentElement) {
    if (SCROLLS.has(getComputedStyle(at).overflowY)) return at;
  }
  return null;
}
