import type { ServerTestResult } from '../../../shared/domain/serverForm';
import type { ServerFailure, ServerStatus } from '../../../shared/domain/serverStatus';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';
import type { ServerSupervisor } from './supervisor/ServerSupervisor';

/**
 * Starts a server once (no retries) and reports its tools, or why it did not start. The
 * supervisor is the one a running server gets, so what "Test" sees is what saving will run;
 * it is disposed (process tree ended) before this resolves.
 */
export async function probeServer(
  supervisor: ServerSupervisor,
  timeoutMs: number,
): Promise<ServerTestResult> {
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const settled = new Promise<ServerStatus | undefined>((resolve) => {
    unsubscribe = supervisor.onDidChangeStatus((status) => {
      if (isSettled(status)) resolve(status);
    });
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    supervisor.start();
    const status = await settled;
    return toResult(status, supervisor, timeoutMs);
  } finally {
    unsubscribe?.();
    clearTimeout(timer);
    await supervisor.dispose();
  }
}

function isSettled(status: ServerStatus): boolean {
  return ['ready', 'error', 'restarting', 'needs-sign-in'].includes(status.kind);
}

function toResult(
  status: ServerStatus | undefined,
  supervisor: ServerSupervisor,
  timeoutMs: number,
): ServerTestResult {
  if (status?.kind === 'ready') {
    return {
      ok: true,
      serverInfo: { name: status.serverInfo.name, version: status.serverInfo.version },
      protocolVersion: status.protocolVersion,
      tools: supervisor.tools.map((tool) => ({
        name: tool.name,
        ...(tool.description ? { description: tool.description } : {}),
      })),
    };
  }
  if (status?.kind === 'needs-sign-in') {
    const text = status.error === undefined ? hostText('serverForm.testSignIn') : status.errorText;
    return {
      ok: false,
      code: 'MCP_AUTH_REQUIRED',
      message: status.error ?? formatHostText(hostText('serverForm.testSignIn')),
      ...(text ? { text } : {}),
      stderrTail: [],
    };
  }
  const failure: ServerFailure | undefined =
    status?.kind === 'error'
      ? status.failure
      : status?.kind === 'restarting'
        ? status.lastFailure
        : undefined;
  if (!failure) {
    return {
      ok: false,
      code: 'MCP_TIMEOUT',
      ...withText(hostText('serverForm.testTimeout', { seconds: Math.round(timeoutMs / 1000) })),
      stderrTail: supervisor.stderrTail,
    };
  }
  return {
    ok: false,
    code: failure.code,
    message: failure.message,
    text: failure.text,
    ...(failure.exitCode !== undefined ? { exitCode: failure.exitCode } : {}),
    stderrTail: failure.stderrTail,
  };
}

function withText(text: HostText): { message: string; text: HostText } {
  return { message: formatHostText(text), text };
}
