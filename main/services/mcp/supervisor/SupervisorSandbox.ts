import type { ServerConfig, StdioServerConfig } from '../../../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';
import type { ProcessWrapper } from '../../sandbox/ProcessWrapper';
import type { CallToolResult } from '../session/mcpTypes';

/** What a supervisor needs of the sandbox (see ServerSandboxing). */
export interface SupervisorSandbox {
  /** The wrapper the server starts through; undefined when it is not sandboxed. */
  wrapperFor(config: StdioServerConfig): ProcessWrapper | undefined;
  /** Text the server reported (stderr, an error result), looked at for refused attempts. */
  observe(server: string, text: string): void;
}

/**
 * The wrapper a sandboxed server starts through. Without a sandbox in this host its start fails
 * saying so: a config that asks for the sandbox never runs outside it.
 */
export function sandboxWrapper(
  sandbox: SupervisorSandbox | undefined,
  config: StdioServerConfig,
): ProcessWrapper {
  const wrapper = sandbox?.wrapperFor(config);
  if (wrapper) return wrapper;
  return () =>
    Promise.reject(
      new AppError(
        AppErrorCode.McpSpawnFailed,
        hostText('sandbox.notStarted', {
          name: config.name,
          reason: hostText('sandbox.unavailable.failed', { detail: 'no sandbox in this host' }),
        }),
      ),
    );
}

/** The sandbox to report to, when `config` runs in it. */
export function sandboxOf(
  sandbox: SupervisorSandbox | undefined,
  config: ServerConfig,
): SupervisorSandbox | undefined {
  return sandbox && config.transport === 'stdio' && config.sandboxEnabled ? sandbox : undefined;
}

/**
 * A tool call whose failure the sandbox looks at: a refused read or connection often shows only
 * in the error the server returns.
 */
export function observedCall(
  sandbox: SupervisorSandbox | undefined,
  server: string,
  call: Promise<CallToolResult>,
): Promise<CallToolResult> {
  if (!sandbox) return call;
  return call.then(
    (result) => {
      if (result.isError) sandbox.observe(server, JSON.stringify(result.content));
      return result;
    },
    (error: unknown) => {
      sandbox.observe(server, error instanceof Error ? error.message : String(error));
      throw error;
    },
  );
}
