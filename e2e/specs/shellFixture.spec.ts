import { isProcessAlive } from '../../main/services/mcp/launch/isProcessAlive';
import { expect, test } from '../fixtures/base';
import { startWebShell } from '../fixtures/startWebShell';

/**
 * The suite's own rule for the web shell it starts: a shell that dies during a test fails that
 * test, naming the exit and the shell's last words, instead of leaving the window to wait on a
 * connection that will not come back.
 */
test('a web shell that dies by itself fails the test, saying how', async () => {
  const shell = await startWebShell();
  process.kill(shell.pid, 'SIGKILL');
  await expect.poll(() => isProcessAlive(shell.pid)).toBe(false);
  await expect(shell.stop()).rejects.toThrow(/exited by itself during the test.*signal SIGKILL/s);
});

test('a web shell stopped or killed by its test is no failure, nor stopped again', async () => {
  const stopped = await startWebShell();
  await expect(stopped.stop()).resolves.toBeUndefined();
  await expect(stopped.stop()).resolves.toBeUndefined();
  const killed = await startWebShell();
  await killed.kill();
  await expect(killed.stop()).resolves.toBeUndefined();
});
