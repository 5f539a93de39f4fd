import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserWindow, app, dialog, ipcMain, safeStorage, session } from 'electron';
import { createDispatcher, validatesOutputsByDefault } from './ipc/createDispatcher';
import { registerIpc } from './ipc/registerIpc';
import { ElectronExternalOpener } from './platform/ElectronExternalOpener';
import { createFolderPicker } from './platform/createFolderPicker';
import { createPathPicker } from './platform/createPathPicker';
import { createLogger, type RootLogger } from './platform/Logger';
import { nativeHostText } from './platform/nativeHostText';
import { runApp } from './lifecycle/runApp';
import { installProcessGuards } from './platform/installProcessGuards';
import { chooseElectronSecretStore } from './platform/chooseElectronSecretStore';
import { appVersion } from './platform/appVersion';
import { appPaths, resolveDataDir } from './platform/resolveDataDir';
import { resolveServersFile } from './platform/resolveServersFile';
import { createHostCore } from './services/createHostCore';
import { allowsPermission } from './window/allowsPermission';
import { createMainWindow } from './window/createMainWindow';
import {
  APP_ORIGIN,
  handleAppProtocol,
  registerAppSchemePrivileges,
} from './window/registerAppProtocol';
import { SANDBOX_FRAME_PATH } from './services/apps/SandboxPages';
import {
  allowsAppPermission,
  handleSandboxProtocol,
  SANDBOX_FRAME_SOURCE,
  sandboxOriginOf,
} from './window/sandboxScheme';

/** Electron composition root: window, adapters, IPC. The domain lives in services/. */
const dataDir = resolveDataDir({
  argv: process.argv,
  env: process.env,
  platform: process.platform,
  homedir: homedir(),
});
app.setPath('userData', dataDir);
registerAppSchemePrivileges();
const paths = {
  ...appPaths(dataDir),
  serversFile: resolveServersFile({ argv: process.argv, env: process.env, dataDir }),
};
const logFile = join(paths.logsDir, 'main.log');
// Opened by the instance that holds the lock only (a second launch just hands over).
let rootLog: RootLogger | undefined;
const logger = (): RootLogger => (rootLog ??= createLogger({ file: logFile }, 'electron'));

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (e) => e.preventDefault());
});
void runApp({
  app,
  start,
  logFile,
  onSecondInstance: () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  },
  showError: (title, body) => {
    const languages = app.getPreferredSystemLanguages();
    dialog.showErrorBox(nativeHostText(title, languages), nativeHostText(body, languages));
  },
  logFailure: async (error) => {
    const log = logger();
    log.error('start failed', { error });
    await log.flush();
  },
});

async function start(): Promise<void> {
  const log = logger();
  installProcessGuards(process, log);
  const opener = new ElectronExternalOpener();
  // After `ready`: only then does safeStorage know its Linux backend.
  const secrets = await chooseElectronSecretStore(paths.secretsFile, safeStorage, process.platform);
  log.info('secret storage', { storage: secrets.storage });
  const core = await createHostCore(
    {
      shell: 'electron',
      version: appVersion,
      paths,
      secrets: secrets.store,
      secretStorage: secrets.storage,
      opener,
      pickFolder: createFolderPicker((options) => dialog.showOpenDialog(options)),
      pickPath: createPathPicker((options) => dialog.showOpenDialog(options)),
      env: process.env,
    },
    log,
  );

  const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));
  handleAppProtocol(rendererDir);
  const devUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  const allowedOrigins = devUrl ? [APP_ORIGIN, new URL(devUrl).origin] : [APP_ORIGIN];
  // Apps: their sandbox pages on a scheme of their own, in the window's session.
  handleSandboxProtocol(session.defaultSession.protocol, (label, pathname) =>
    core.apps.service.sandboxResponse(label, pathname),
  );
  core.apps.service.useSandbox({
    frameUrl: (frame) =>
      `${sandboxOriginOf(frame.originLabel)}${SANDBOX_FRAME_PATH}${frame.frameId}`,
    parentOrigins: allowedOrigins,
    hostOrigins: [SANDBOX_FRAME_SOURCE, APP_ORIGIN],
    rendererDir,
    // The last showing of an App closed: what it stored on its origin goes with it.
    forget: (label) =>
      void session.defaultSession
        .clearStorageData({ origin: sandboxOriginOf(label) })
        .catch((error: unknown) => log.warn('App storage not cleared', { error })),
  });

  // App frames may ask only for what main granted them (their Permissions-Policy); our own
  // page only for clipboard writes (the Copy buttons). Everything else is refused.
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(
      allowsAppPermission(permission, details) ||
        allowsPermission(permission, details.requestingUrl, allowedOrigins),
    ),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin) =>
    allowsPermission(permission, requestingOrigin, allowedOrigins),
  );

  const disposeIpc = registerIpc({
    ipcMain,
    // A packaged app (or `npm start`, NODE_ENV=production) never withholds an answer over a
    // schema mismatch; development checks it.
    dispatch: createDispatcher(core.handlers, log.child('ipc'), {
      validateOutputs: !app.isPackaged && validatesOutputsByDefault(process.env),
    }),
    events: core.events,
    allowedOrigins,
    windows: () => BrowserWindow.getAllWindows(),
  });

  const openWindow = (): void => {
    createMainWindow({
      preload: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
      url: devUrl ?? `${APP_ORIGIN}/index.html`,
      onExternalLink: (url) => void opener.openExternal(url),
    });
  };
  openWindow();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    quitting = true;
    event.preventDefault();
    disposeIpc();
    void core
      .dispose()
      .then(() => log.flush())
      .finally(() => app.exit(0));
  });
}
