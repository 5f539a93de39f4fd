import { AppErrorCode } from '../../../shared/errors';
import type { CliContext, CommandResult } from '../CliContext';
import { formatTable } from '../formatTable';
import { EXIT_NEEDS_SIGN_IN, signInHint } from '../needsSignIn';
import { statusFailure } from '../statusFailure';
import { stderrExcerpt } from '../stderrExcerpt';

/**
 * `servers`: connect every enabled server, wait until each settles, report, shut down. A local
 * server another Switchboard process runs on this data folder is not started a second time: its
 * row says `elsewhere` and names that process.
 */
export async function serversCommand(ctx: CliContext): Promise<CommandResult> {
  const mcp = await ctx.startServers();
  interface Row {
    name: string;
    status: string;
    transport: string;
    era: string | null;
    protocolVersion: string | null;
    serverInfo: { name: string; version: string } | null;
    toolCount: number;
    /** Runs in the sandbox (`sandboxEnabled`; local servers only). */
    sandboxed: boolean;
    error?: {
      code: string;
      message: string;
      exitCode?: number | null;
      signal?: string | null;
      stderrTail: string[];
    };
  }
  const rows = mcp.registry.list().map((s): Row => {
    const status = s.status;
    const failure = statusFailure(status);
    return {
      name: s.config.name,
      status: status.kind,
      transport: s.info?.transportKind ?? s.config.transport,
      era: s.info?.era ?? null,
      protocolVersion: s.info?.protocolVersion ?? null,
      serverInfo: s.info?.serverInfo ?? null,
      toolCount: status.kind === 'ready' ? status.toolCount : 0,
      sandboxed: mcp.isSandboxed(s.config.name),
      ...(failure
        ? {
            error: {
              code: failure.code,
              message: failure.message,
              exitCode: failure.exitCode ?? null,
              signal: failure.signal ?? null,
              stderrTail: failure.stderrTail,
            },
          }
        : status.kind === 'needs-sign-in'
          ? {
              error: {
                code: 'MCP_AUTH_REQUIRED',
                message: signInHint(s.config.name, status.error),
                stderrTail: [],
              },
            }
          : status.kind === 'starting'
            ? {
                error: {
                  code: 'MCP_TIMEOUT',
                  message: `Still starting after ${ctx.timeoutMs} ms`,
                  stderrTail: s.stderrTail,
                },
              }
            : {}),
    };
  });
  // Running in another Switchboard process (never started twice): up, but not checked here.
  for (const row of rows) {
    if (row.error?.code === AppErrorCode.McpOwnedElsewhere) row.status = 'elsewhere';
  }
  const failed = rows.filter((r) => !['ready', 'disabled', 'elsewhere'].includes(r.status));
  // One aligned line per server; why a server failed follows its line, indented.
  const table = formatTable([
    ['NAME', 'STATUS', 'TRANSPORT', 'PROTOCOL', 'SERVER', 'TOOLS', 'SANDBOX'],
    ...rows.map((r) => {
      const sandbox = r.sandboxed ? 'yes' : r.transport === 'stdio' ? 'no' : '-';
      return r.status === 'ready'
        ? [
            r.name,
            r.status,
            r.transport,
            r.protocolVersion ?? '',
            [r.serverInfo?.name, r.serverInfo?.version].filter(Boolean).join(' '),
            String(r.toolCount),
            sandbox,
          ]
        : [r.name, r.status, r.transport, '', '', '', sandbox];
    }),
  ]);
  const text = [
    table[0],
    ...rows.map((r, index) => {
      const line = table[index + 1] ?? '';
      if (!r.error) return line;
      // Enough of stderr to see why it crashed (bounded by bytes), and none for remote servers.
      const tail = stderrExcerpt(r.error.stderrTail)
        .map((l) => `    | ${l}`)
        .join('\n');
      return `${line}\n  ${r.error.code}: ${r.error.message}${tail ? `\n${tail}` : ''}`;
    }),
  ].join('\n');
  return {
    json: { configFile: ctx.configFile, servers: rows },
    text: rows.length === 0 ? `No servers configured in ${ctx.configFile}.` : text,
    exitCode:
      failed.length === 0
        ? 0
        : failed.every((r) => r.status === 'needs-sign-in')
          ? EXIT_NEEDS_SIGN_IN
          : 1,
  };
}
