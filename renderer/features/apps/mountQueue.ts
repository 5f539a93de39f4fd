/** Apps waiting to start or to put their frame in, oldest first; one per turn of the loop. */
const waiting: (() => void)[] = [];
let scheduled = false;

function pump(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // A task of its own after the next frame: a list that scrolls many Apps into view paints
  // first and starts them one by one, rather than in one long task.
  requestAnimationFrame(() => setTimeout(pump, 0));
}

/** Starts an App when its turn comes; the function returned takes it out of the queue. */
export function queueMount(start: () => void): () => void {
  waiting.push(start);
  schedule();
  return () => {
    const index = waiting.indexOf(start);
    if (index !== -1) waiting.splice(index, 1);
  };
}
