import type { Transport } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../../shared/domain/serverConfig';
import type { ProtocolEra } from '../../../../shared/domain/serverStatus';
import type { AppError } from '../../../../shared/errors';
import type { Logger } from '../../../platform/Logger';
import type { ServerOAuthProvider } from '../auth/ServerOAuthProvider';
import type { TransportFactory } from './connectStdio';
import type { EraVerdictCache } from './EraVerdictCache';
import type { InteractionHandlers } from './InteractionHandlers';
import type { Implementation, Progress, ServerCapabilities, TransportKind } from './mcpTypes';
import type { EraSource } from './openConnection';
import type { DeadlineTimers } from './CallDeadline';

/**
 * Default `auto` probe timeout: bounded so a silent stdio server costs seconds, not a minute.
 * Counted from the spawn, so it is also how long a server may take to start before it is taken
 * for legacy (and remembered so for a week): 3 s was shorter than thirty servers starting
 * together on two cores take, or a cold interpreter. Servers that do not know the probe answer
 * it with an error at once; only a silent one waits this long, on its first start.
 */
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;

/** Options for `McpSession`. */
export interface McpSessionOptions {
  /** What the session connects with (references resolved). */
  config: ServerConfig;
  /**
   * The config as written (references unresolved): what task references and era verdicts are
   * keyed by, so no value a reference brought in is stored. Defaults to `config`.
   */
  identity?: ServerConfig;
  /**
   * stdio configs: the transport, or better a factory making a fresh one per call (needed to
   * restart a server that exits on the era probe). Ignored for URL configs, whose transports
   * the session builds itself.
   */
  transport?: Transport | TransportFactory;
  /** Answers to sampling / elicitation / roots; defaults decline politely. */
  handlers?: InteractionHandlers;
  /** Remembers era verdicts across connects; without it `auto` probes every time. */
  eraCache?: EraVerdictCache;
  /** Session diagnostics (SDK errors, fallbacks, reconnects); secrets are redacted by it. */
  logger?: Logger;
  /** How the host introduces itself to servers; defaults to `switchboard`. */
  clientInfo?: Implementation;
  /** `auto` probe timeout (default 10 s): what a silent legacy stdio server costs per connect. */
  probeTimeoutMs?: number;
  /**
   * URL configs: OAuth for servers that need a sign-in. A 401 then fails the connect with an
   * `AuthRequiredError` (MCP_AUTH_REQUIRED) instead of an SSE fallback.
   */
  authProvider?: ServerOAuthProvider;
  /** Timers of tool-call deadlines; tests pass a manual clock. */
  timers?: DeadlineTimers;
  /** Host notes about this server for the person (its log), e.g. a list it does not implement. */
  onNote?: (text: string) => void;
}

/** What the connect established. */
export interface SessionInfo {
  era: ProtocolEra;
  /** The negotiated revision, e.g. `2025-11-25` or `2026-07-28`. */
  protocolVersion: string;
  /** Absent when a modern server did not identify itself (a SHOULD in 2026-07-28). */
  serverInfo?: Implementation;
  capabilities: ServerCapabilities;
  /**
   * The capabilities as the server sent them, keys the SDK does not know kept (deployed events
   * servers declare a top-level `events`, which the SDK's schema drops).
   */
  rawCapabilities: Record<string, unknown>;
  /** The server's usage hints for the model, if it sent any. */
  instructions?: string;
  /** How the server is reached (`http` configs may end up on `sse`). */
  transportKind: TransportKind;
  /** Whether the era came from a probe, a remembered verdict, or the config. */
  eraSource: EraSource;
  /** Server process id (stdio transports that expose one). */
  pid?: number;
}

/** Options for `McpSession.connect`. */
export interface SessionConnectOptions {
  /** Cancels the connect (rejects with CANCELLED). */
  signal?: AbortSignal;
  /** Startup budget; defaults to `config.timeouts.startupMs`. */
  startupMs?: number;
}

/** Options for `McpSession.callTool`. */
export interface CallToolOptions {
  /** Aborting cancels the call on the server and rejects with CANCELLED. */
  signal?: AbortSignal;
  /** Progress reports (best effort: the SDK may drop one that races the result). */
  onProgress?: (progress: Progress) => void;
  /**
   * Idle timeout, reset by every progress report; defaults to `config.timeouts.requestMs`. It
   * stands still while a request of the server waits for the person (see CallDeadline).
   */
  timeoutMs?: number;
  /** Cap regardless of progress (the person's time not counted); none by default. */
  maxTotalTimeoutMs?: number;
}

/** Why the session ended: `expected` after `close()`, otherwise with the error seen. */
export interface SessionClosedEvent {
  expected: boolean;
  error?: AppError;
}

/** Lifecycle of a session; a session connects at most once (make a new one to reconnect). */
export type SessionState = 'idle' | 'connecting' | 'connected' | 'closed';
