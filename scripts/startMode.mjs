// How `npm start` runs Switchboard here: the desktop app when Electron can start (its binary is
// fetched first, by the electron package's own installer, when it is missing), otherwise the
// same app in the browser through the web shell, with one line saying why.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runElectronInstaller } from './installElectron.mjs';

const BROWSER = 'Starting Switchboard in your browser instead.';

/** The executable inside Electron's dist folder, as the electron package's installer names it. */
function platformPath(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  return platform === 'win32' ? 'electron.exe' : 'electron';
}

/**
 * Path of the Electron executable if it is installed, found the way the electron package does
 * (path.txt in its folder, or ELECTRON_OVERRIDE_DIST_PATH); undefined when it is not there.
 */
export function electronBinary({
  root,
  env = {},
  platform = process.platform,
  exists = existsSync,
  read = readFileSync,
}) {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  const relative = exists(pathFile) ? String(read(pathFile, 'utf8')).trim() : '';
  const full = env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || platformPath(platform))
    : relative && join(dir, 'dist', relative);
  return full && exists(full) ? full : undefined;
}

const hasDisplay = (env, platform) =>
  platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);

/**
 * `{ mode: 'electron', binary }`, or `{ mode: 'web', reason }` with the one line that says why.
 * When the binary is missing it runs `install` (the electron package's installer) first; its
 * events (download URL, progress) go to `onInstallEvent`.
 */
export async function decideStart({
  root,
  env = {},
  platform = process.platform,
  exists,
  read,
  install = runElectronInstaller,
  onInstallEvent,
}) {
  if (!hasDisplay(env, platform)) {
    return {
      mode: 'web',
      reason: `No display (DISPLAY and WAYLAND_DISPLAY are unset), so the desktop app cannot open. ${BROWSER}`,
    };
  }
  const find = () => electronBinary({ root, env, platform, exists, read });
  const present = find();
  if (present) return { mode: 'electron', binary: present };
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    return {
      mode: 'web',
      reason: `ELECTRON_OVERRIDE_DIST_PATH is ${env.ELECTRON_OVERRIDE_DIST_PATH}, which holds no Electron executable. ${BROWSER}`,
    };
  }
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return {
      mode: 'web',
      reason: `Electron's binary is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set: run \`npx install-electron\` for the desktop app. ${BROWSER}`,
    };
  }
  const result = await install({ root, env, onEvent: onInstallEvent });
  const installed = result.ok ? find() : undefined;
  if (installed) return { mode: 'electron', binary: installed };
  const cause = result.ok
    ? "Electron's installer finished without an executable"
    : `Electron's download failed (${result.url ? `${result.url}: ` : ''}${oneLine(result.error)})`;
  return { mode: 'web', reason: `${cause}; retry with \`npm start\`. ${BROWSER}` };
}

const oneLine = (text) => String(text).replace(/\s+/g, ' ').trim();
