import type { CallToolResult } from '../mcp/session/mcpTypes';

/** One approved tool call of a chat turn, as the conversation service hands it on. */
export interface ChatToolCall {
  conversationId: string;
  toolUseId: string;
  server: string;
  /** The tool's name on its server. */
  tool: string;
  args: Record<string, unknown>;
  /** Ends this call: the turn stopped, or the person cancelled the call. */
  signal: AbortSignal;
  /** The turn's own signal: aborted when the whole turn was stopped (not just this call). */
  turnSignal: AbortSignal;
  timeoutMs: number;
  onProgress: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** Runs an approved chat tool call (the task service, which may run it as a task). */
export type ChatToolCaller = (call: ChatToolCall) => Promise<CallToolResult>;
