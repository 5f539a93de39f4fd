import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopChild } from './stopChild';

/** A process that says it is ready, then ignores SIGTERM, as a process hung on its way out does. */
function stubborn() {
  const child = spawn(
    process.execPath,
    ['-e', "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000);"],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return child;
}

describe('stopChild', () => {
  it('kills a process that ignores SIGTERM once the grace period is over', async () => {
    const child = stubborn();
    await once(child.stdout, 'data');
    await stopChild(child, 200);
    expect(child.signalCode).toBe('SIGKILL');
  });

  it('stops a process that heeds SIGTERM without killing it', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000);'], {
      stdio: 'ignore',
    });
    await once(child, 'spawn');
    await stopChild(child, 10_000);
    expect(child.signalCode).toBe('SIGTERM');
  });

  it('returns at once for a process that has already exited', async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(child, 'exit');
    await stopChild(child);
    expect(child.exitCode).toBe(0);
  });
});
