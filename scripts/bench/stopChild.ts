import type { ChildProcess } from 'node:child_process';

/**
 * SIGTERM, then SIGKILL if the process is still there after `graceMs`: a helper process that
 * hangs on its way out (seen once here, a relay stuck in `process.exit`) must not hold up the
 * bench. Resolves once it has exited.
 */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
