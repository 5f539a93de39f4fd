import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { ConversationApps } from '../apps/ConversationApps';
import type { ApprovalBroker } from '../approvals/ApprovalBroker';
import { approvalToolOf } from '../approvals/approvalToolOf';
import type { RunningToolCalls } from '../interactions/RunningToolCalls';
import type { McpService } from '../mcp/McpService';
import type { ConversationStore } from '../store/ConversationStore';
import type { ChatToolCaller } from './ChatToolCaller';
import type { ExecuteTool } from './ExecuteTool';
import { toToolOutcome } from './toToolOutcome';
import type { TurnRecorder } from './TurnRecorder';
import type { TurnTools } from './TurnTools';

/** What one turn's tool calls go through. */
export interface ToolExecutionDeps {
  conversationId: string;
  /** The turn's own signal (a task told apart a stopped turn from one cancelled call). */
  turnSignal: AbortSignal;
  tools: TurnTools;
  recorder: TurnRecorder;
  store: ConversationStore;
  mcp: McpService;
  broker: ApprovalBroker;
  runningTools: RunningToolCalls;
  /** Runs approved calls (the task service); default: the server's `callTool`. */
  callTool?: ChatToolCaller;
  apps?: ConversationApps;
}

/**
 * The executor of one turn's tool calls: a host tool runs at once; a server's tool starts its
 * server if needed, is decided on by the approval broker (the decision is recorded), then runs
 * as a running tool call, with its App told when it has one.
 */
export function createExecuteTool(deps: ToolExecutionDeps): ExecuteTool {
  const { conversationId, tools, recorder, store, mcp, apps } = deps;
  return async (call, toolSignal, reportProgress) => {
    const host = tools.hostTools.get(call.modelName);
    if (host) {
      // The person enabled what stands behind a host tool (or it is the host's own search): no
      // per-call approval.
      recorder.toolStarted(call.toolUseId);
      const { toolUseId, input } = call;
      return host.run({ conversationId, toolUseId, input, signal: toolSignal });
    }
    const entry = tools.byName.get(call.modelName);
    if (!entry)
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('conversation.unknownTool', { name: call.modelName }),
      );
    const args = isRecord(call.input) ? call.input : {};
    // A server known by its remembered list starts now (the card says so); the person
    // approves, and the call runs, what it lists once running: a definition that changed
    // since it was remembered asks again.
    const supervisor = await mcp.use(entry.server, toolSignal);
    const tool = supervisor.tools.find((t) => t.name === entry.tool.name);
    if (!tool) {
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('onDemand.toolGone', { server: entry.server, tool: entry.tool.name }),
      );
    }
    const outcome = await deps.broker.decide(
      {
        conversationId,
        toolUseId: call.toolUseId,
        server: entry.server,
        tool: approvalToolOf(tool),
        modelName: call.modelName,
        arguments: args,
      },
      toolSignal,
    );
    store.recordApproval({
      toolCallId: call.toolUseId,
      decision: outcome.kind === 'allowed' ? 'allow' : 'deny',
      scope:
        outcome.decidedBy === 'policy'
          ? 'policy'
          : ((outcome.kind === 'allowed' ? outcome.scope : undefined) ?? 'once'),
      reason: outcome.reason,
      decidedBy: outcome.decidedBy === 'readonly-hint' ? 'policy' : outcome.decidedBy,
    });
    if (outcome.kind === 'denied') {
      if (!outcome.cancelled) recorder.denied.add(call.toolUseId);
      // Withdrawn: the loop answers the model with why (turn stopped, or this call cancelled).
      if (outcome.cancelled)
        throw new AppError(AppErrorCode.Cancelled, hostText('foreign', { text: outcome.reason }));
      return { content: [{ type: 'text', text: outcome.reason }], isError: true };
    }
    recorder.toolStarted(call.toolUseId);
    const note = apps?.begin({
      conversationId,
      toolUseId: call.toolUseId,
      server: entry.server,
      tool,
    });
    const running = { conversationId, toolUseId: call.toolUseId, server: entry.server };
    const onProgress = (p: { progress: number; total?: number; message?: string }): void =>
      reportProgress({
        progress: p.progress,
        ...(p.total !== undefined ? { total: p.total } : {}),
        ...(p.message !== undefined ? { message: p.message } : {}),
      });
    const timeoutMs = supervisor.config.timeouts.requestMs;
    const result = await deps.runningTools.run(running, () =>
      deps.callTool
        ? deps.callTool({
            ...running,
            tool: entry.tool.name,
            args,
            signal: toolSignal,
            turnSignal: deps.turnSignal,
            timeoutMs,
            onProgress,
          })
        : // Used again: a person deciding for long enough lets it stop as idle meanwhile.
          mcp.use(entry.server, toolSignal).then((ready) =>
            ready.callTool(entry.tool.name, args, {
              signal: toolSignal,
              timeoutMs,
              onProgress,
            }),
          ),
    );
    const hostNote = await note?.();
    return hostNote ? { ...toToolOutcome(result), hostNote } : toToolOutcome(result);
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
