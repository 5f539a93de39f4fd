import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore, useGettingServersStore } from '../../stores/StoresContext';

/** Whether a drag carries files (not text or a link dragged within the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Drop an `.mcpb` file anywhere in the window: while a file is dragged over it, the window
 * says what a drop does; a drop opens the bundle screen with the file under review (nothing
 * installs before the person confirms there). Files never make the page navigate.
 */
export function BundleDropZone() {
  const { t } = useTranslation();
  const setView = useAppStore((s) => s.setView);
  const dropBundle = useGettingServersStore((s) => s.dropBundle);
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every element crossed; count them to know when it left.
  const depth = useRef(0);

  useEffect(() => {
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current++;
      setOver(true);
    };
    const overWindow = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Over the composer the files are attachments (it took the event first): no overlay.
      const composer = event.defaultPrevented;
      setOver(!composer);
      if (composer) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = 0;
      setOver(false);
      // Dropped on the composer, the files were attached to the message there.
      if (event.defaultPrevented) return;
      event.preventDefault();
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      setView({ kind: 'bundle' });
      void dropBundle(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overWindow);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overWindow);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [dropBundle, setView]);

  if (!over) return null;
  return (
    <div className="bundle-drop" data-testid="bundle-drop-target" aria-hidden="true">
      <div className="bundle-drop__card">
        <Download className="bundle-drop__icon" aria-hidden size={28} />
        <p className="bundle-drop__title">{t('bundleDrop.overlayTitle')}</p>
        <p className="bundle-drop__help">{t('bundleDrop.overlayHelp')}</p>
      </div>
    </div>
  );
}
