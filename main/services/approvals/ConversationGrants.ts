import type { ToolPin } from './pinTool';

/** An "allow for this conversation" answer, pinned like an "always" grant. */
export interface ConversationGrant {
  pin: ToolPin;
  grantedAt: number;
}

/**
 * "Allow for this conversation" grants, in memory only. They end with the app: a person who
 * reopens a chat tomorrow is asked again, which costs one click, while a persisted chat grant
 * would quietly outlive the session it was given in. Keyed by conversation, then server + tool.
 */
export class ConversationGrants {
  private readonly byConversation = new Map<string, Map<string, ConversationGrant>>();

  get(conversationId: string, server: string, toolName: string): ConversationGrant | undefined {
    return this.byConversation.get(conversationId)?.get(key(server, toolName));
  }

  set(conversationId: string, server: string, toolName: string, grant: ConversationGrant): void {
    let grants = this.byConversation.get(conversationId);
    if (!grants) {
      grants = new Map();
      this.byConversation.set(conversationId, grants);
    }
    grants.set(key(server, toolName), grant);
  }

  /** Drops every grant of one conversation (it was deleted). */
  forget(conversationId: string): void {
    this.byConversation.delete(conversationId);
  }

  clear(): void {
    this.byConversation.clear();
  }
}

// JSON keeps `a` + `b/c` apart from `a/b` + `c`: server and tool names may contain anything.
function key(server: string, toolName: string): string {
  return JSON.stringify([server, toolName]);
}
