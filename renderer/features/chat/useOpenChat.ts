import { useCallback } from 'react';
import { useAppStore, useChatStore } from '../../stores/StoresContext';

/**
 * Opens a conversation (null: a new chat). The chat store switches in the same tick as the
 * view, so the chat screen never shows the previous conversation for a frame.
 */
export function useOpenChat(): (id: string | null) => void {
  const open = useChatStore((s) => s.open);
  const setView = useAppStore((s) => s.setView);
  return useCallback(
    (id: string | null) => {
      void open(id);
      setView({ kind: 'chat', id });
    },
    [open, setView],
  );
}
