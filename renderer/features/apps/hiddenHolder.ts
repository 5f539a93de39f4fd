const holders = new Map<string, HTMLDivElement>();

/**
 * A hidden element at the end of the page, one per class (made on first use, again if the page
 * dropped it): where frames wait out of sight (see retireFrame, holdAppOrigin). Its class's
 * style keeps it off-screen.
 */
export function hiddenHolder(document: Document, className: string): HTMLDivElement {
  const existing = holders.get(className);
  if (existing?.isConnected && existing.ownerDocument === document) return existing;
  const holder = document.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.className = className;
  document.body.append(holder);
  holders.set(className, holder);
  return holder;
}
