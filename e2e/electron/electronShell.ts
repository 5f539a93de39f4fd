import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, expect, type ElectronApplication, type Page } from '@playwright/test';
import { electronBinary } from '../../scripts/startMode.mjs';

/** The repository: Electron runs it as the app (package.json main → out/main/index.js). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Electron's executable, found as the electron package finds it (never by requiring `electron`,
 * which would start its download).
 */
export const ELECTRON_BINARY = electronBinary({ root: ROOT, env: process.env });

/** Why the desktop suite cannot run here, or undefined when it can. */
export const electronSkipReason: string | undefined = !ELECTRON_BINARY
  ? 'binary not installed'
  : process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY
    ? 'no display'
    : undefined;

/** What the desktop app's environment may hold: the session's display and bus, nothing else. */
const PASSED = [
  'PATH',
  'HOME',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'XDG_RUNTIME_DIR',
  'DBUS_SESSION_BUS_ADDRESS',
];

export interface RunningDesktop {
  app: ElectronApplication;
  page: Page;
  dataDir: string;
}

/** Starts the built desktop app on `dataDir` (a new one by default) and waits for its window. */
export async function launchDesktop(
  env: Record<string, string>,
  dataDir?: string,
): Promise<RunningDesktop> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'sb-electron-')));
  const inherited = Object.fromEntries(
    PASSED.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  ) as Record<string, string>;
  const app = await _electron.launch({
    executablePath: ELECTRON_BINARY ?? '',
    // Chromium refuses its sandbox to root (CI containers); a person's session keeps it.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ROOT, '--data-dir', dir],
    cwd: ROOT,
    env: { ...inherited, ...env },
  });
  const page = await app.firstWindow();
  await expect(
    page.getByTestId('home').or(page.getByTestId('settings')).or(page.getByTestId('chat')),
  ).toBeVisible({ timeout: 30_000 });
  return { app, page, dataDir: dir };
}
