import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServerConfig, StdioServerConfig } from '../../../../shared/domain/serverConfig';
import type { ServerStatus } from '../../../../shared/domain/serverStatus';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { createLogger, type Logger } from '../../../platform/Logger';
import { MemorySecretStore } from '../../../platform/MemorySecretStore';
import { OAuthStore } from '../auth/OAuthStore';
import { isProcessAlive } from '../launch/isProcessAlive';
import { fixtureServer } from '../launch/testing/ProcessJanitor';
import { TestProcesses } from '../session/testing/TestProcesses';
import { ServerSupervisor, type SupervisorDeps } from './ServerSupervisor';

const log = createLogger({ consoleLevel: 'silent' });
const deps: SupervisorDeps = {
  log,
  serverEnv: () => Promise.resolve({ PATH: process.env.PATH ?? '' }),
  killGraceMs: 300,
};
const supervisors: ServerSupervisor[] = [];
const processes = new TestProcesses();

afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((s) => s.dispose()));
  await processes.cleanup();
});

function supervise(
  config: StdioServerConfig | HttpServerConfig,
  extra: Partial<SupervisorDeps> = {},
) {
  const supervisor = new ServerSupervisor(config, { ...deps, ...extra });
  supervisors.push(supervisor);
  return supervisor;
}

async function ready(supervisor: ServerSupervisor): Promise<void> {
  supervisor.start();
  await expect.poll(() => supervisor.status.kind, { timeout: 15_000 }).toBe('ready');
}

const echo: StdioServerConfig = {
  name: 'echo',
  disabled: false,
  timeouts: { startupMs: 10_000, requestMs: 10_000 },
  protocol: 'legacy',
  transport: 'stdio',
  command: process.execPath,
  args: [fixtureServer('echo.mjs')],
  env: {},
};

describe('ServerSupervisor races', () => {
  it('a restart asked while dispose runs (or just before it) starts nothing', async () => {
    for (const order of ['restart first', 'dispose first']) {
      const supervisor = supervise(echo);
      await ready(supervisor);
      const starts = () => supervisor.logsSince().filter((e) => e.text.startsWith('Starting'));
      expect(starts()).toHaveLength(1);
      const both =
        order === 'restart first'
          ? [supervisor.restart(), supervisor.dispose()]
          : [supervisor.dispose(), supervisor.restart()];
      await Promise.all(both);
      expect(supervisor.status.kind).toBe('stopped');
      expect(starts()).toHaveLength(1);
      const pid = supervisor.pid;
      expect(pid === undefined || !isProcessAlive(pid)).toBe(true);
    }
  });

  it('a sign-in lost while a restart begins does not overwrite the new attempt’s status', async () => {
    const server = await processes.startModernHttp();
    const config: HttpServerConfig = {
      name: 'remote',
      disabled: false,
      timeouts: { startupMs: 10_000, requestMs: 10_000 },
      protocol: 'auto',
      transport: 'http',
      url: server.url,
      headers: {},
    };
    const supervisor = supervise(config, {
      signIn: {
        store: new OAuthStore(new MemorySecretStore()),
        opener: { openExternal: () => Promise.resolve(false) },
      },
    });
    await ready(supervisor);
    const seen: ServerStatus['kind'][] = [];
    supervisor.onDidChangeStatus((status) => seen.push(status.kind));
    // What the session reports when a request met a 401 no refresh could fix. Private: no
    // public path makes a ready session lose its sign-in without a full OAuth server.
    const internals = supervisor as unknown as {
      generation: number;
      lostSignIn(generation: number, error: AppError): void;
    };
    internals.lostSignIn(
      internals.generation,
      new AppError(AppErrorCode.McpAuthRequired, 'token revoked'),
    );
    // The person signs in again (the flow reconnects) before the old session finished closing.
    await supervisor.restart();
    await expect.poll(() => supervisor.status.kind, { timeout: 15_000 }).toBe('ready');
    expect(seen).not.toContain('needs-sign-in');
    expect(seen.at(-1)).toBe('ready');
  });
});

describe('ServerSupervisor listeners', () => {
  it('logs a listener that throws, and the other listeners still hear every change', async () => {
    const errors: { message: string; fields?: Record<string, unknown> }[] = [];
    const spy: Logger = {
      debug: () => {},
      info: () => {},
      warn: () => {},
      error: (message, fields) => errors.push({ message, ...(fields ? { fields } : {}) }),
      child: () => spy,
    };
    const supervisor = supervise(echo, { log: spy });
    supervisor.onDidChangeStatus(() => {
      throw new Error('broken window');
    });
    const kinds: string[] = [];
    supervisor.onDidChangeStatus((status) => kinds.push(status.kind));
    await ready(supervisor);
    expect(kinds).toEqual(['starting', 'ready']);
    expect(errors.map((e) => e.message)).toEqual([
      'server event listener failed',
      'server event listener failed',
    ]);
    expect(errors[0]).toMatchObject({
      message: 'server event listener failed',
      fields: {
        server: 'echo',
        error: expect.objectContaining({ message: 'broken window' }) as unknown,
      },
    });
  });
});
