import { useCallback, useEffect, useRef, useState } from 'react';
import type { DownloadFile } from './downloadFiles';

/** Something an App wants that the person decides on in the card first. */
export type AppPromptRequest =
  { kind: 'message'; text: string } | { kind: 'download'; files: DownloadFile[] };

/**
 * One question at a time to the person on an App's behalf. `ask` resolves with their answer;
 * a newer question, the card going away, or `signal` (the App cancelled its request, or its
 * frame closed) answers it with "no" and takes it off the card, so it cannot be accepted later.
 */
export function useAppPrompt(): {
  prompt: AppPromptRequest | null;
  ask: (request: AppPromptRequest, signal?: AbortSignal) => Promise<boolean>;
  answer: (accepted: boolean) => void;
} {
  const [prompt, setPrompt] = useState<AppPromptRequest | null>(null);
  const resolver = useRef<((accepted: boolean) => void) | null>(null);
  const ask = useCallback(
    (request: AppPromptRequest, signal?: AbortSignal) =>
      new Promise<boolean>((resolve) => {
        if (signal?.aborted) {
          resolve(false);
          return;
        }
        resolver.current?.(false);
        const settle = (accepted: boolean): void => {
          signal?.removeEventListener('abort', withdraw);
          resolve(accepted);
        };
        const withdraw = (): void => {
          // Only while it is still the question shown; a newer one stays.
          if (resolver.current !== settle) return;
          resolver.current = null;
          setPrompt(null);
          resolve(false);
        };
        resolver.current = settle;
        signal?.addEventListener('abort', withdraw, { once: true });
        setPrompt(request);
      }),
    [],
  );
  const answer = useCallback((accepted: boolean) => {
    resolver.current?.(accepted);
    resolver.current = null;
    setPrompt(null);
  }, []);
  useEffect(() => () => resolver.current?.(false), []);
  return { prompt, ask, answer };
}
