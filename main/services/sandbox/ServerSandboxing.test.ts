import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/Logger';
import { fixtureServer, McpHarness, nodeServer } from '../mcp/testing/McpHarness';
import { SandboxSession } from './SandboxSession';
import { ServerSandboxing } from './ServerSandboxing';
import { FakeEngine } from './testing/FakeEngine';

let harness: McpHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe('a sandboxed server where the sandbox cannot be set up', () => {
  it('is not started (never unsandboxed) and its error names what to install', async () => {
    const engine = new FakeEngine('linux');
    harness = await McpHarness.start(
      {
        boxed: nodeServer(fixtureServer('echo.mjs'), { sandboxEnabled: true }),
        plain: nodeServer(fixtureServer('echo.mjs')),
      },
      {},
      {
        sandbox: (dataDir) =>
          new ServerSandboxing({
            dataDir,
            log: createLogger({ consoleLevel: 'silent' }),
            // A system without bubblewrap, socat or ripgrep anywhere it looks.
            session: new SandboxSession(engine, { programDirs: () => [] }),
          }),
      },
    );
    const status = await harness.until('boxed', 'error');
    if (status.kind !== 'error') throw new Error('unreachable');
    expect(status.failure.code).toBe('MCP_SPAWN_FAILED');
    expect(status.failure.message).toBe(
      'Server “boxed” runs sandboxed, and the sandbox needs bubblewrap, socat and ripgrep: install them with “sudo apt-get install bubblewrap socat ripgrep” (Debian, Ubuntu; dnf or pacman elsewhere), then start the server again. It was not started without the sandbox.',
    );
    expect(harness.mcp.supervisor('boxed').pid).toBeUndefined();
    expect(engine.wraps).toEqual([]);
    // The others are not held back by it.
    await harness.until('plain', 'ready');
  });
});
