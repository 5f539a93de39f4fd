import { spawn } from 'node:child_process';
import type { ExternalOpener } from './PlatformServices';
import { isOpenableUrl } from './isOpenableUrl';

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

/** Best effort: the OS's own URL opener, detached. */
export function openWithSystem(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener on this machine: the printed URL is enough.
  }
}
