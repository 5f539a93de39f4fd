import { win32 } from 'node:path';
import { isOpenableUrl } from './isOpenableUrl';

/** A program and its arguments, started without a shell. */
export interface OpenCommand {
  command: string;
  args: string[];
}

/**
 * How this OS opens a URL in the default browser, as an argument array for `spawn` without a
 * shell. Windows uses `rundll32 url.dll,FileProtocolHandler` (by full path), never
 * `cmd /c start`: there `&`, `|` and `^` in a URL are shell syntax, and an OAuth URL with `&`
 * is cut short or runs a command. The URL is passed as its normalized `href`, in which spaces
 * and quotes are percent-encoded, so no argument quoting can change it. Undefined for a URL
 * that may not leave the app (see isOpenableUrl).
 */
export function systemOpenCommand(
  url: string,
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>> = {},
): OpenCommand | undefined {
  if (!isOpenableUrl(url)) return undefined;
  const href = new URL(url).href;
  if (platform === 'darwin') return { command: '/usr/bin/open', args: [href] };
  if (platform === 'win32') {
    const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? 'C:\\Windows';
    return {
      command: win32.join(systemRoot, 'System32', 'rundll32.exe'),
      args: ['url.dll,FileProtocolHandler', href],
    };
  }
  return { command: 'xdg-open', args: [href] };
}
