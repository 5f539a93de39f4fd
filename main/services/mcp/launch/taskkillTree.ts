import { execFile } from 'node:child_process';

/**
 * Windows: ends a process and every descendant it started (`taskkill /pid <pid> /T /F`).
 * Resolves either way (a process that already exited makes taskkill fail); true on success.
 * Descendants whose parent already exited cannot be found this way — a known Windows limit.
 */
export function taskkillTree(pid: number): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      'taskkill',
      ['/pid', String(pid), '/T', '/F'],
      { windowsHide: true, timeout: 10_000 },
      (error) => resolve(!error),
    );
  });
}
