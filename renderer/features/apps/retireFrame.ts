import { hiddenHolder } from './hiddenHolder';

/** Frames whose card left, waiting off-screen to be removed; one goes per turn of the event loop. */
const retiring: Element[] = [];
let scheduled = false;

type MovingParent = Element & { moveBefore?: (node: Node, child: Node | null) => void };

function pump(): void {
  scheduled = false;
  retiring.shift()?.remove();
  if (retiring.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => setTimeout(pump, 0));
}

/**
 * Takes an App's frame out of its card before the card leaves the page, and removes it later,
 * one frame per task. Removing a frame tears down its document: scrolling a list of Apps takes
 * several cards away at once, and their teardowns in the same task were one long task. The
 * frame moves with `moveBefore`, which keeps its document as it is (a plain move would reload
 * it); where that is missing, the frame simply goes with its card. Returns whether it moved.
 */
export function retireFrame(frame: Element): boolean {
  const document = frame.ownerDocument;
  const body = document.body as MovingParent | null;
  if (!frame.isConnected || !body || typeof body.moveBefore !== 'function') return false;
  const place = hiddenHolder(document, 'app-frame-retiring') as MovingParent;
  try {
    place.moveBefore(frame, null);
  } catch {
    return false;
  }
  retiring.push(frame);
  schedule();
  return true;
}

/** Frames still waiting to be removed (tests). */
export function retiringCount(): number {
  return retiring.length;
}
