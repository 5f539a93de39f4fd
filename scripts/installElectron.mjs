// Runs the electron package's own installer (node_modules/electron/install.js: @electron/get with
// ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, proxies, its cache and checksums.json) and says what it
// fetched, how far it got, and why it failed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const PROBE = new URL('./electronInstallProbe.mjs', import.meta.url).href;

/**
 * Installs Electron's binary with its package's installer. `onEvent` sees the probe's events
 * (`request`, `response`, `progress`, `failed`) as they come. Resolves with `{ ok: true }` or
 * `{ ok: false, url, error }`: the URL of the download that failed (when one was asked for) and
 * the error in one line.
 */
export function runElectronInstaller({ root, env = process.env, onEvent = () => {} }) {
  const installer = join(root, 'node_modules', 'electron', 'install.js');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', PROBE, installer], {
      cwd: root,
      env: { ...env, SWITCHBOARD_INSTALL_REPORT_FD: '3' },
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let lastUrl;
    let failure;
    child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
    let pending = '';
    child.stdio[3].on('data', (chunk) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        let event;
        try {
          event = JSON.parse(line);
        } catch {
          continue;
        }
        if (event.type === 'request') lastUrl = event.url;
        if (event.type === 'failed') failure ??= { url: event.url, error: event.error };
        if (event.type === 'response' && event.status >= 400) {
          failure ??= { url: event.url, error: `HTTP ${event.status} ${event.statusText}`.trim() };
        }
        onEvent(event);
      }
    });
    child.on('error', (error) => resolve({ ok: false, url: lastUrl, error: error.message }));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve({ ok: true });
      const error =
        failure?.error ?? firstErrorLine(stderr) ?? `installer exited with ${signal ?? code}`;
      resolve({ ok: false, url: failure?.url ?? lastUrl, error });
    });
  });
}

/** The message of the stack the installer printed ("Error: …" without "Error: "). */
function firstErrorLine(text) {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('at '));
  return line?.replace(/^(\w*Error): /, '') || undefined;
}
