import { spawn } from 'node:child_process';
import type { ExternalOpener } from './PlatformServices';
import { isOpenableUrl } from './isOpenableUrl';
import { systemOpenCommand } from './systemOpenCommand';

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
