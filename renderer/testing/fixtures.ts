import type {
  LogEntry,
  ServerDetail,
  ServerView,
  ToolView,
  TrafficEntry,
} from '../../shared/domain/mcpViews';
import type { ServerStatus } from '../../shared/domain/serverStatus';

/** A ready status, as main reports a connected server. */
export function ready(toolCount = 1, since = 1000): ServerStatus {
  return {
    kind: 'ready',
    since,
    era: 'modern',
    protocolVersion: '2026-07-28',
    serverInfo: { name: 'fixture', version: '1.0.0' },
    toolCount,
  };
}

/** An error status with a stderr tail. */
export function failed(at = 2000): ServerStatus {
  return {
    kind: 'error',
    failure: {
      code: 'MCP_SPAWN_FAILED',
      message: 'Command "nope" was not found: PATH is empty.',
      text: { key: 'launch.notFoundNoPath', params: { command: 'nope' } },
      exitCode: null,
      stderrTail: ['first line', 'last line'],
      at,
    },
  };
}

export function serverView(name: string, status: ServerStatus = ready()): ServerView {
  return {
    name,
    transport: 'stdio',
    target: `node ${name}.mjs`,
    disabled: status.kind === 'disabled',
    protocol: 'auto',
    status,
  };
}

export function toolView(server: string, name: string, patch: Partial<ToolView> = {}): ToolView {
  return {
    server,
    name,
    modelName: `${server}__${name}`,
    inputSchema: { type: 'object', properties: {} },
    enabled: true,
    ...patch,
  };
}

export function serverDetail(name: string, tools: ToolView[] = []): ServerDetail {
  return {
    server: serverView(name),
    tools,
    stderrTail: [],
    nonJsonLines: 0,
    capabilities: { tools: {} },
  };
}

export function logEntry(seq: number, text = `line ${seq}`): LogEntry {
  return { seq, at: 1000 + seq, source: 'stderr', level: 'info', text };
}

export function trafficEntry(seq: number, patch: Partial<TrafficEntry> = {}): TrafficEntry {
  return {
    seq,
    at: 1000 + seq,
    direction: 'out',
    kind: 'request',
    method: 'tools/list',
    id: seq,
    bytes: 42,
    preview: '{"jsonrpc":"2.0"}',
    truncated: false,
    ...patch,
  };
}
