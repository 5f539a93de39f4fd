import type { ToolOutcome } from '../../../shared/domain/toolOutcome';
import type { ModelTool } from '../models/ModelClient';

/** Where a host tool's call runs: which conversation, which call, and its cancel signal. */
export interface HostToolCall {
  conversationId: string;
  toolUseId: string;
  input: unknown;
  signal: AbortSignal;
}

/**
 * A tool the host itself offers the model next to the servers' tools (tool search, loading a
 * skill). It is provider-neutral: a name, a description and an input schema like any tool, run
 * by the host instead of a server. The person enabled what stands behind it (or it is the host's
 * own search), so it is not asked about per call; it runs in the turn like any other tool and
 * its result is recorded like any other.
 */
export interface HostTool {
  tool: ModelTool;
  /** What the tool card shows as the server and tool behind the call. */
  origin: { server: string; tool: string };
  run(call: HostToolCall): Promise<ToolOutcome>;
}

/** The host tools for a turn of a conversation (they may depend on what is ready now). */
export type HostToolSource = (conversationId: string) => readonly HostTool[];
