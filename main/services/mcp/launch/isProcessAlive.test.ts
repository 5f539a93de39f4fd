import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isProcessAlive, isProcessGroupAlive } from './isProcessAlive';

describe.skipIf(process.platform === 'win32')('isProcessAlive', () => {
  it('is true for a running process and false for a missing PID', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(999_999_999)).toBe(false);
  });

  it('counts an exited orphan as dead even if nobody reaped it', async () => {
    // `sh` starts a background child and exits at once; the child is re-parented to PID 1,
    // which in some containers never reaps it, leaving a zombie that must not look alive.
    const shell = spawn('/bin/sh', ['-c', 'sleep 0.2 & echo $!'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [chunk] = (await once(shell.stdout, 'data')) as [Buffer];
    const orphan = Number(String(chunk).trim());
    expect(isProcessAlive(orphan)).toBe(true);
    await expect.poll(() => isProcessAlive(orphan), { timeout: 5_000 }).toBe(false);
    expect(isProcessGroupAlive(shell.pid ?? 0)).toBe(false);
  });
});
