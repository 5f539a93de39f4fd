import { spawn } from 'node:child_process';
import type { ExternalOpener } from './PlatformServices';
import { isOpenableUrl } from './isOpenableUrl';
import { systemOpenCommand, type OpenCommand } from './systemOpenCommand';

/** Web shell and CLI: prints the URL, and asks the OS to open it when allowed to. */
export class NodeExternalOpener implements ExternalOpener {
  constructor(
    private readonly print: (line: string) => void,
    private readonly launch: boolean,
  ) {}

  openExternal(url: string): Promise<boolean> {
    if (!isOpenableUrl(url)) return Promise.resolve(false);
    this.print(`Open in your browser: ${url}`);
    if (this.launch) openWithSystem(url);
    return Promise.resolve(true);
  }
}

/** Best effort: the OS's own URL opener, detached, never through a shell. */
export function openWithSystem(url: string): void {
  const open = systemOpenCommand(url, process.platform, process.env);
  if (!open) return;
  try {
    const child = spawn(open.command, open.args, {
      detached: true,
      stdio: 'ignore',
      shell: false,
      windowsHide: true,
    });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener on this machine: the printed URL is enough.
  }
}

/** What {@link tryOpenWithSystem} found: the opener ran, or why no browser opened. */
export type OpenOutcome =
  { opened: true } | { opened: false; reason: 'no-opener' | 'opener-failed'; detail?: string };

/**
 * Opens the URL with the OS's opener and says whether that worked, so a shell can say when no
 * browser opened (no display, no `xdg-open`, no browser set). The opener exiting 0, or still
 * running after `waitMs` (some wait for the browser), counts as opened.
 */
export function tryOpenWithSystem(
  url: string,
  options: { waitMs?: number; command?: OpenCommand } = {},
): Promise<OpenOutcome> {
  const open = options.command ?? systemOpenCommand(url, process.platform, process.env);
  if (!open) return Promise.resolve({ opened: false, reason: 'no-opener' });
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(open.command, open.args, {
        detached: true,
        stdio: 'ignore',
        shell: false,
        windowsHide: true,
      });
    } catch (error) {
      resolve({ opened: false, reason: 'no-opener', detail: String(error) });
      return;
    }
    const timer = setTimeout(() => {
      child.unref();
      resolve({ opened: true });
    }, options.waitMs ?? 3000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ opened: false, reason: 'no-opener', detail: error.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(
        code === 0
          ? { opened: true }
          : {
              opened: false,
              reason: 'opener-failed',
              detail: `${open.command} exited with ${code ?? signal ?? 'nothing'}`,
            },
      );
    });
  });
}
