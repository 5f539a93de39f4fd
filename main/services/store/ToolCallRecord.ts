/** Where a tool call is in its life. */
export type ToolCallStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled' | 'denied';

/** The statuses a tool call ends in. */
export type FinalToolCallStatus = Exclude<ToolCallStatus, 'pending' | 'running'>;

/** A stored tool call, without its (possibly huge) result bodies. */
export interface ToolCallRecord {
  /** The model's `tool_use` id. */
  id: string;
  messageId: string;
  conversationId: string;
  server: string;
  /** The tool's name on its MCP server. */
  toolName: string;
  /** The name the model saw (prefixed, de-collided). */
  modelName: string;
  arguments: unknown;
  isError: boolean;
  status: ToolCallStatus;
  error: { code: string; message: string } | null;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  durationMs: number | null;
  /** Size in UTF-8 bytes of the stored full result (null = no result yet). */
  resultBytes: number | null;
  /** The newest approval decision, if any. */
  approval: ApprovalRecord | null;
  /** The tool's App (`ui://` resource) when the call was made, if it had one. */
  uiResourceUri?: string;
}

/** A tool call with its result bodies, for "show the full result". */
export interface ToolCallDetail extends ToolCallRecord {
  /** The full result as the server returned it. */
  result: unknown;
  /** What the model was given (possibly truncated) — the `tool_result` content. */
  modelResult: unknown;
}

/** Input of `recordToolCall`. */
export interface RecordToolCallInput {
  id: string;
  messageId: string;
  server: string;
  toolName: string;
  modelName: string;
  arguments: unknown;
  /** Default `pending` (waiting for approval). */
  status?: 'pending' | 'running';
  /** The tool's App, if it has one. */
  uiResourceUri?: string;
}

/** Input of `finishToolCall`. */
export interface FinishToolCallInput {
  status: FinalToolCallStatus;
  result?: unknown;
  modelResult?: unknown;
  isError?: boolean;
  error?: { code: string; message: string };
}

/** allow or deny. */
export type ApprovalDecision = 'allow' | 'deny';
/** How far a decision reaches. `policy` = an approval policy (CLI) decided, not a person. */
export type ApprovalScope = 'once' | 'conversation' | 'always' | 'policy';
/** Who decided. */
export type ApprovalDecider = 'person' | 'grant' | 'policy';

/** A stored approval decision about one tool call. */
export interface ApprovalRecord {
  id: number;
  toolCallId: string;
  decision: ApprovalDecision;
  scope: ApprovalScope;
  reason: string | null;
  decidedBy: ApprovalDecider;
  /** The grant that allowed it, when `decidedBy` is `grant` (null once that grant is revoked). */
  grantId: string | null;
  decidedAt: number;
}

/** Input of `recordApproval`. */
export interface RecordApprovalInput {
  toolCallId: string;
  decision: ApprovalDecision;
  scope: ApprovalScope;
  reason?: string;
  decidedBy: ApprovalDecider;
  grantId?: string;
}
