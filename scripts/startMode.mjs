// How `npm start` runs Switchboard here: the desktop app when Electron can start, otherwise the
// same app in the browser through the web shell (a machine installed with
// ELECTRON_SKIP_BINARY_DOWNLOAD, a server without a display).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Path of the Electron executable if it is installed, found the way the electron package does. */
export function electronBinary({ root, env = {}, exists = existsSync, read = readFileSync }) {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  const relative = exists(pathFile) ? String(read(pathFile, 'utf8')).trim() : '';
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const override = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
    return exists(override) ? override : undefined;
  }
  if (!relative) return undefined;
  const full = join(dir, 'dist', relative);
  return exists(full) ? full : undefined;
}

/** `{ mode: 'electron' }`, or `{ mode: 'web', reason }` with the one line that says why. */
export function chooseStart({ root, env = {}, platform = process.platform, exists, read }) {
  if (!electronBinary({ root, env, exists, read })) {
    return {
      mode: 'web',
      reason:
        "Electron's binary is not installed (npm install ran with ELECTRON_SKIP_BINARY_DOWNLOAD, or its download failed): run `npm install` again without that variable for the desktop app. Starting Switchboard in your browser instead.",
    };
  }
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return {
      mode: 'web',
      reason:
        'No display (DISPLAY and WAYLAND_DISPLAY are unset), so the desktop app cannot open. Starting Switchboard in your browser instead.',
    };
  }
  return { mode: 'electron' };
}
