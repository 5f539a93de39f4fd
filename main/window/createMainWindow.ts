import { BrowserWindow, nativeTheme } from 'electron';
import { assertWindowSecurity } from './assertWindowSecurity';
import { restrictWebRtc } from './restrictWebRtc';
import { allowsFrameNavigation } from './sandboxScheme';
import { secureWebPreferences } from './secureWebPreferences';

export interface MainWindowOptions {
  preload: string;
  url: string;
  /** Called for links the page tries to open in a new window. */
  onExternalLink: (url: string) => void;
}

/** The app window: secure preferences asserted, navigation and new windows denied. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const webPreferences = secureWebPreferences(options.preload);
  assertWindowSecurity(webPreferences);
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Switchboard',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#16181d' : '#ffffff',
    webPreferences,
  });
  restrictWebRtc(win.webContents);
  win.once('ready-to-show', () => win.show());
  win.webContents.on('will-navigate', (event, url) => {
    if (url !== win.webContents.getURL()) event.preventDefault();
  });
  win.webContents.on('will-redirect', (event) => event.preventDefault());
  // An App may not leave its page for another (its CSP binds only its own).
  win.webContents.on('will-frame-navigate', (event) => {
    if (!allowsFrameNavigation(event.url, event.frame?.parent?.url)) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    options.onExternalLink(url);
    return { action: 'deny' };
  });
  void win.loadURL(options.url);
  return win;
}
