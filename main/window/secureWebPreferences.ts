import type { WebPreferences } from 'electron';

/** The only web preferences a Switchboard window is created with. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
    // Middle-click must not open new windows behind the window-open handler's back.
    disableBlinkFeatures: 'Auxclick',
  };
}
