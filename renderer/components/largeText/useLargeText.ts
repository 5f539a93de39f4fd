import { useEffect, useRef, useState } from 'react';
import { TextLines } from './TextLines';
import type { TextSource } from './TextSource';

/** A large text being loaded: its rows so far and how far it got. */
export interface LargeTextState {
  lines: TextLines;
  loadedChars: number;
  done: boolean;
  error: string | null;
}

/** Characters read per step: a short task to parse and cut into rows. */
export const SLICE_CHARS = 256 * 1024;

/**
 * Reads a source slice after slice into rows (one read ahead, so the next slice travels while
 * this one is cut), re-rendering after each. Reading stops when the component goes away.
 */
export function useLargeText(source: TextSource): LargeTextState {
  const lines = useRef<TextLines>(new TextLines());
  const [progress, setProgress] = useState({
    loadedChars: 0,
    done: false,
    error: null as string | null,
  });

  useEffect(() => {
    const rows = new TextLines();
    lines.current = rows;
    const run = { stopped: false };
    const read = (offset: number): Promise<string> =>
      offset >= source.totalChars ? Promise.resolve('') : source.read(offset, SLICE_CHARS);
    void (async () => {
      let offset = 0;
      let next = read(0);
      try {
        while (offset < source.totalChars) {
          const slice = await next;
          if (run.stopped) return;
          if (slice.length === 0) throw new Error('the text ended early');
          offset += slice.length;
          next = read(offset);
          next.catch(() => undefined);
          rows.append(slice);
          setProgress({ loadedChars: offset, done: false, error: null });
        }
        rows.end();
        setProgress({ loadedChars: offset, done: true, error: null });
      } catch (error) {
        if (!run.stopped) {
          setProgress({
            loadedChars: offset,
            done: false,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    })();
    return () => {
      run.stopped = true;
    };
  }, [source]);

  return { lines: lines.current, ...progress };
}
