import type { StdioServerConfig } from '../../../../shared/domain/serverConfig';
import type { ServerStatus } from '../../../../shared/domain/serverStatus';
import { StdioProcessTransport } from '../session/StdioProcessTransport';
import { isInstallActivity } from './isInstallActivity';
import type { ServerLog } from './ServerLog';
import type { SupervisorDeps } from './ServerSupervisor';
import { sandboxOf, sandboxWrapper } from './SupervisorSandbox';

/** What the transport of one start attempt reports to, and reads from, its supervisor. */
export interface TransportHooks {
  /** Whether the attempt is still the supervisor's current one (a stale one is ignored). */
  current: () => boolean;
  log: ServerLog;
  status: () => ServerStatus;
  setStatus: (status: ServerStatus) => void;
  /** Extends the startup deadline of the connect in flight. */
  extendStartup: (ms: number) => void;
}

/**
 * The process transport of one start attempt of a stdio server: its environment, sandbox,
 * log file and pid ledger; stderr lines go to the server's log, and a visible install (npx,
 * uvx…) extends the startup deadline up to the install budget.
 */
export async function createStdioTransport(
  config: StdioServerConfig,
  deps: SupervisorDeps,
  hooks: TransportHooks,
): Promise<StdioProcessTransport> {
  const env = await deps.serverEnv(config);
  const sandbox = sandboxOf(deps.sandbox, config);
  let installing = 0;
  return new StdioProcessTransport({
    command: config.command,
    args: config.args,
    env,
    cwd: config.cwd,
    serverName: config.name,
    ...(deps.maxMessageBytes ? { maxMessageBytes: deps.maxMessageBytes } : {}),
    ...(deps.killGraceMs !== undefined ? { killGraceMs: deps.killGraceMs } : {}),
    ...(deps.logFile ? { logFile: hooks.log.redactedFile(deps.logFile) } : {}),
    ...(deps.ledger ? { ledger: deps.ledger } : {}),
    ...(config.sandboxEnabled ? { wrap: sandboxWrapper(deps.sandbox, config) } : {}),
    onStderrLine: (line) => {
      if (!hooks.current()) return;
      hooks.log.add('stderr', 'info', line);
      sandbox?.observe(config.name, line);
      const budget = deps.installGraceMs ?? 10 * 60_000;
      const status = hooks.status();
      if (status.kind === 'starting' && isInstallActivity(line) && installing < budget) {
        // Give a visibly working install another full startup period, up to the budget.
        installing += config.timeouts.startupMs;
        hooks.extendStartup(config.timeouts.startupMs);
        if (status.detail !== 'installing') {
          hooks.setStatus({ kind: 'starting', since: status.since, detail: 'installing' });
        }
      }
    },
    onNonJsonLine: (event) => {
      if (hooks.current() && (event.count <= 20 || event.count % 100 === 0)) {
        hooks.log.add(
          'host',
          'warning',
          `Ignored a non-JSON line on stdout (${event.count} so far): ${event.line}`,
        );
      }
    },
  });
}
