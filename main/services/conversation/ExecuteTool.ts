import type { ToolOutcome } from '../../../shared/domain/toolOutcome';

/** One tool call the model made, as the executor sees it. */
export interface ToolCall {
  /** The model's `tool_use` id; events about this call carry it. */
  toolUseId: string;
  /** The model-facing name (the catalog maps it to a server and tool). */
  modelName: string;
  input: unknown;
}

/** A progress report from a running tool (MCP `notifications/progress`). */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * Runs one tool call. The host puts approvals and the MCP call behind it; the loop knows
 * neither. It should honour `signal` (the turn was stopped, or the person cancelled this one
 * call); the loop stops waiting either way.
 * A rejection becomes an error result the model sees; a denial is best returned as an
 * `isError` outcome whose text says why.
 */
export type ExecuteTool = (
  call: ToolCall,
  signal: AbortSignal,
  reportProgress: (progress: ToolProgress) => void,
) => Promise<ToolOutcome>;
