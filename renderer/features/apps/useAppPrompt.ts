import { useCallback, useEffect, useRef, useState } from 'react';
import type { DownloadFile } from './downloadFiles';

/** Something an App wants that the person decides on in the card first. */
export type AppPromptRequest =
  { kind: 'message'; text: string } | { kind: 'download'; files: DownloadFile[] };

/**
 * One question at a time to the person on an App's behalf. `ask` resolves with their answer;
 * a newer question (or the card going away) answers the older one with "no".
 */
export function useAppPrompt(): {
  prompt: AppPromptRequest | null;
  ask: (request: AppPromptRequest) => Promise<boolean>;
  answer: (accepted: boolean) => void;
} {
  const [prompt, setPrompt] = useState<AppPromptRequest | null>(null);
  const resolver = useRef<((accepted: boolean) => void) | null>(null);
  const ask = useCallback(
    (request: AppPromptRequest) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
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
