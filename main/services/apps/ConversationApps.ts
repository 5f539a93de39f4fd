import type { ToolUi } from '../../../shared/domain/apps';
import type { Tool } from '../mcp/session/mcpTypes';
import type { AppRenderVerdicts } from './AppRenderVerdicts';
import type { AppsService } from './AppsService';
import type { AppTurnContext, TakenContext } from './AppTurnContext';
import { toolUi } from '../mcp/tools/toolUi';

/** A chat tool call whose tool may have an App. */
export interface AppToolCall {
  conversationId: string;
  toolUseId: string;
  server: string;
  tool: Tool;
}

/** What the conversation service asks of Apps: which tools have one, notes, next-turn context. */
export interface ConversationApps {
  uiOf(tool: Tool): ToolUi | undefined;
  /** The model started writing a call of a tool with an App: windows may show it already. */
  announce(call: AppToolCall): void;
  /**
   * The call is about to run: its App's UI is read meanwhile. The function returned gives the
   * note for the model once the result is in (undefined: the tool has no App).
   */
  begin(call: AppToolCall): () => Promise<string | undefined>;
  /** Context Apps left for the conversation's next message (taken: it goes with this one). */
  take(conversationId: string): TakenContext | undefined;
  /** The conversation was deleted: what Apps left for it goes too. */
  forget(conversationId: string): void;
}

/**
 * The model is told truthfully what became of a tool's App when its result goes back: shown
 * (a window reported it rendered), failed (and why), not shown at all (no screen, resource
 * unusable), or sent for display with no report yet, in which case a later failure is told on
 * the next turn.
 */
export function createConversationApps(
  apps: AppsService,
  verdicts: AppRenderVerdicts,
  turnContext: AppTurnContext,
): ConversationApps {
  return {
    uiOf: (tool) => toolUi(tool),
    announce(call) {
      const ui = toolUi(call.tool);
      if (!ui) return;
      apps.announce(call.toolUseId, {
        conversationId: call.conversationId,
        server: call.server,
        toolName: call.tool.name,
        arguments: {},
        uiResourceUri: ui.resourceUri,
      });
    },
    begin(call) {
      const ui = toolUi(call.tool);
      if (!ui) return () => Promise.resolve(undefined);
      const uri = ui.resourceUri;
      const prefetched = apps.prefetch(call.server, uri);
      return async () => {
        if (!apps.hasSandbox) {
          return `Host note: this tool has an interactive UI (${uri}), but this host has no screen to show it on; only this text result was shown.`;
        }
        const unusable = await prefetched;
        if (unusable) {
          return `Host note: this tool has an interactive UI (${uri}), but it could not be shown to the person (${unusable.kind}): ${unusable.detail} They see this text result and the error.`;
        }
        const verdict = verdicts.verdict(call.toolUseId);
        if (verdict?.rendered) {
          return `Host note: the person sees this result in the tool's interactive UI (${uri}), which rendered in their chat.`;
        }
        if (verdict) {
          return `Host note: the tool's interactive UI (${uri}) failed to render in the person's chat (${verdict.failure.kind}): ${verdict.failure.detail} They see this text result and the error.`;
        }
        verdicts.owe(call.toolUseId, {
          conversationId: call.conversationId,
          server: call.server,
          tool: call.tool.name,
          resourceUri: uri,
        });
        return `Host note: this result was sent to the tool's interactive UI (${uri}) for display in the person's chat; it had not reported rendering yet. If it fails to render, you will be told with the next message.`;
      };
    },
    take: (conversationId) => turnContext.take(conversationId),
    forget: (conversationId) => turnContext.forget(conversationId),
  };
}
