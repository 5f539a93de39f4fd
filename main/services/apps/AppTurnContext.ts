import type { AppContextView } from '../../../shared/domain/apps';
import type { AttachmentView } from '../../../shared/domain/attachments';
import type { MessageBlock } from '../../../shared/domain/conversationMessage';
import { toAttachmentBlocks } from '../resources/toAttachmentBlocks';

/** One piece of context for a conversation's next message. */
export interface TurnContextEntry extends AppContextView {
  resourceUri: string;
}

/** What goes with the person's next message: blocks for the model, chips for the message. */
export interface TakenContext {
  blocks: MessageBlock[];
  views: AttachmentView[];
}

/**
 * What Apps want the model to know on a conversation's next turn: context an App set
 * (`ui/update-model-context`, the latest per App wins) and notes that an App failed to render
 * after its tool result was already sent. It goes with the next message the person sends (or
 * confirms from an App), as attachments the message shows, so the history says what the model
 * was told.
 */
export class AppTurnContext {
  private readonly byConversation = new Map<string, Map<string, TurnContextEntry>>();

  constructor(
    private readonly changed: (conversationId: string, views: AppContextView[]) => void,
  ) {}

  set(conversationId: string, entry: TurnContextEntry): void {
    let entries = this.byConversation.get(conversationId);
    if (!entries) {
      entries = new Map();
      this.byConversation.set(conversationId, entries);
    }
    entries.set(`${entry.kind}\n${entry.toolUseId}`, entry);
    this.changed(conversationId, this.views(conversationId));
  }

  views(conversationId: string): AppContextView[] {
    return [...(this.byConversation.get(conversationId)?.values() ?? [])].map(
      ({ kind, server, tool, toolUseId, text }) => ({ kind, server, tool, toolUseId, text }),
    );
  }

  /** Removes and returns the conversation's pending context, as message blocks and chips. */
  take(conversationId: string): TakenContext | undefined {
    const entries = this.byConversation.get(conversationId);
    if (!entries || entries.size === 0) return undefined;
    this.byConversation.delete(conversationId);
    this.changed(conversationId, []);
    const blocks: MessageBlock[] = [];
    const views: AttachmentView[] = [];
    for (const entry of entries.values()) {
      const name =
        entry.kind === 'context' ? `App context: ${entry.tool}` : `App status: ${entry.tool}`;
      const context =
        entry.kind === 'context'
          ? `Set by the interactive UI (App) of the tool “${entry.tool}” of the MCP server “${entry.server}” (tool call ${entry.toolUseId}).`
          : `The host's note about the interactive UI (App) of the tool “${entry.tool}” of the MCP server “${entry.server}” (tool call ${entry.toolUseId}).`;
      const mapped = toAttachmentBlocks(
        { text: entry.text, mimeType: 'text/plain', uri: entry.resourceUri },
        name,
        context,
      );
      blocks.push(...mapped.blocks);
      views.push({
        server: entry.server,
        origin: 'app',
        uri: entry.resourceUri,
        name,
        mimeType: 'text/plain',
        size: mapped.bytes,
        as: mapped.as,
      });
    }
    return { blocks, views };
  }

  forget(conversationId: string): void {
    if (this.byConversation.delete(conversationId)) this.changed(conversationId, []);
  }
}
