import { useCallback, useEffect, useRef, useState } from 'react';

/** Time after the last keystroke before the server is asked for completions. */
export const SUGGEST_DELAY_MS = 200;

/**
 * Completions for one input, asked `SUGGEST_DELAY_MS` after the person stops typing. Only the
 * newest request's answer is shown: a slow answer for an older value never replaces it.
 */
export function useSuggestions(
  suggest: (value: string) => Promise<string[]>,
  delayMs = SUGGEST_DELAY_MS,
): { values: string[]; request: (value: string) => void; clear: () => void } {
  const [values, setValues] = useState<string[]>([]);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const suggestRef = useRef(suggest);
  useEffect(() => {
    suggestRef.current = suggest;
  }, [suggest]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const request = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      const id = ++latest.current;
      timer.current = setTimeout(() => {
        void suggestRef.current(value).then((found) => {
          if (id === latest.current) setValues(found);
        });
      }, delayMs);
    },
    [delayMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    latest.current++;
    setValues([]);
  }, []);
  return { values, request, clear };
}
