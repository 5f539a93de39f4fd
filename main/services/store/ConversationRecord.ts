/** A stored conversation (without its messages). */
export interface ConversationRecord {
  id: string;
  title: string;
  /** The model chosen for this conversation; null = the app default. */
  model: string | null;
  systemPrompt: string | null;
  archived: boolean;
  createdAt: number;
  /** Bumped by message writes and edits (not by streamed deltas); the list's sort key. */
  updatedAt: number;
}

/** A row of the conversation list. */
export interface ConversationSummary extends ConversationRecord {
  /** The start of the newest message that has text ('' for none), for the list's second line. */
  preview: string;
}

/** Input of `createConversation`. */
export interface CreateConversationInput {
  id?: string;
  title?: string;
  model?: string | null;
  systemPrompt?: string | null;
}

/** Fields `updateConversation` can change; omitted fields stay as they are. */
export interface ConversationPatch {
  title?: string;
  model?: string | null;
  systemPrompt?: string | null;
  archived?: boolean;
}

/** Options of `listConversations`. */
export interface ListConversationsOptions {
  /** false (default): active conversations only; true: archived only; 'all': both. */
  archived?: boolean | 'all';
  /** Default 200. */
  limit?: number;
  /** Paging cursor: only conversations updated strictly before this time. */
  beforeUpdatedAt?: number;
}

/** A piece of a search snippet; `match` pieces are what the query found. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/** One message that matched a search. */
export interface MessageSnippet {
  messageId: string;
  ordinal: number;
  role: 'user' | 'assistant';
  parts: SnippetPart[];
}

/** One conversation that matched a search. */
export interface ConversationSearchResult {
  conversation: ConversationRecord;
  /** The title with its matches marked, when the title matched. */
  title: SnippetPart[] | null;
  /** Up to `snippetsPerConversation` matching messages, newest first. */
  snippets: MessageSnippet[];
}

/** Options of `search`. */
export interface SearchOptions {
  /** Conversations returned at most; default 50. */
  limit?: number;
  /** Default 3. */
  snippetsPerConversation?: number;
  /** Include archived conversations; default true (search is how people find old things). */
  includeArchived?: boolean;
}
