import { useEffect, type RefObject } from 'react';

/**
 * Shows a <dialog> as a modal while the component is mounted: the page behind is inert and
 * focus stays inside. Where `showModal` is missing (jsdom), the dialog is simply opened.
 * `focus` then gets focus, so each dialog chooses where the keyboard starts.
 */
export function useModalDialog(
  dialog: RefObject<HTMLDialogElement | null>,
  focus?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    focus?.current?.focus();
    return () => {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    };
  }, [dialog, focus]);
}
