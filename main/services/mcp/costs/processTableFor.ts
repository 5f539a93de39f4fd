import { execFile } from 'node:child_process';
import { parsePsOutput, PS_ARGS } from './parsePsOutput';
import type { ReadProcessTable } from './ProcessRow';
import { parseWindowsProcesses, POWERSHELL_ARGS } from './parseWindowsProcesses';
import { readLinuxProcesses } from './readLinuxProcesses';

/**
 * How this platform's process table is read: /proc on Linux (no process started), `ps` on
 * macOS and the BSDs, PowerShell's Win32_Process on Windows. Undefined where none is known.
 */
export function processTableFor(platform: NodeJS.Platform): ReadProcessTable | undefined {
  switch (platform) {
    case 'linux':
      return (roots) => readLinuxProcesses(roots);
    case 'darwin':
    case 'freebsd':
    case 'openbsd':
      return async () => parsePsOutput(await run('ps', PS_ARGS));
    case 'win32':
      return async () => parseWindowsProcesses(await run('powershell.exe', POWERSHELL_ARGS));
    default:
      return undefined;
  }
}

function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      [...args],
      {
        timeout: 10_000,
        windowsHide: true,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, LC_ALL: 'C' },
      },
      (error, stdout) => {
        if (error) reject(new Error(`${command} failed: ${error.message}`, { cause: error }));
        else resolve(stdout);
      },
    );
  });
}
