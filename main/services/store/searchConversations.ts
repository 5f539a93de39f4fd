import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { buildSnippet, markMatches, matcher } from './buildSnippet';
import type {
  ConversationRecord,
  ConversationSearchResult,
  MessageSnippet,
  SearchOptions,
} from './ConversationRecord';
import {
  clampLimit,
  conversationColumns,
  toConversationRecord,
  type ConversationRow,
} from './ConversationTable';
import type { SearchMode } from './ensureSearchIndex';
import { parseSearchQuery, toFtsExpression, toLikePattern } from './parseSearchQuery';
import { allRows } from './sqlRows';

/**
 * Matching messages read at most per search. Hits are read newest first straight from the
 * index, so a very common term costs this many rows, not the whole history.
 */
const MAX_MESSAGE_HITS = 2000;

interface MessageHitRow {
  id: string;
  conversation_id: string;
  ordinal: number;
  role: 'user' | 'assistant';
  text: string;
}

/**
 * Conversations whose title or messages contain every term of `query` (case-insensitive
 * substrings), most recently updated first, each with marked snippets of the newest matches.
 */
export function searchConversations(
  db: DatabaseSync,
  mode: SearchMode,
  query: string,
  options: SearchOptions = {},
): ConversationSearchResult[] {
  const parsed = parseSearchQuery(query);
  const terms = [...parsed.indexed, ...parsed.short];
  if (terms.length === 0) return [];
  const useIndex = mode === 'fts5' && parsed.indexed.length > 0;
  const likeTerms = useIndex ? parsed.short : terms;
  const archived = options.includeArchived === false ? 'AND c.archived = 0' : '';
  const perConversation = clampLimit(options.snippetsPerConversation, 3, 50);
  const limit = clampLimit(options.limit, 50, 1000);

  const likeSql = (column: string): string =>
    likeTerms.map(() => `AND ${column} LIKE ? ESCAPE '\\'`).join(' ');
  const params: SQLInputValue[] = [
    ...(useIndex ? [toFtsExpression(parsed.indexed)] : []),
    ...likeTerms.map(toLikePattern),
  ];

  const titleSql = useIndex
    ? `SELECT ${conversationColumns} FROM conversations_fts f
       JOIN conversations c ON c.seq = f.rowid
       WHERE conversations_fts MATCH ? ${likeSql('c.title')} ${archived}`
    : `SELECT ${conversationColumns} FROM conversations c
       WHERE 1 ${likeSql('c.title')} ${archived}`;
  const titleHits = allRows<ConversationRow>(db.prepare(titleSql), ...params);

  const messageSql = useIndex
    ? `SELECT m.id, m.conversation_id, m.ordinal, m.role, m.text FROM messages_fts f
       JOIN messages m ON m.seq = f.rowid
       JOIN conversations c ON c.id = m.conversation_id
       WHERE messages_fts MATCH ? AND m.active = 1 ${likeSql('m.text')} ${archived}
       ORDER BY f.rowid DESC LIMIT ${MAX_MESSAGE_HITS}`
    : `SELECT m.id, m.conversation_id, m.ordinal, m.role, m.text FROM messages m
       JOIN conversations c ON c.id = m.conversation_id
       WHERE m.active = 1 ${likeSql('m.text')} ${archived}
       ORDER BY m.seq DESC LIMIT ${MAX_MESSAGE_HITS}`;
  const messageHits = allRows<MessageHitRow>(db.prepare(messageSql), ...params);

  const pattern = matcher(terms);
  const results = new Map<string, ConversationSearchResult>();
  for (const row of titleHits) {
    const conversation = toConversationRecord(row);
    results.set(conversation.id, {
      conversation,
      title: markMatches(conversation.title, pattern),
      snippets: [],
    });
  }
  const snippets = new Map<string, MessageSnippet[]>();
  for (const hit of messageHits) {
    const list = snippets.get(hit.conversation_id) ?? [];
    if (list.length >= perConversation) continue;
    list.push({
      messageId: hit.id,
      ordinal: hit.ordinal,
      role: hit.role,
      parts: buildSnippet(hit.text, terms),
    });
    snippets.set(hit.conversation_id, list);
  }
  const missing = [...snippets.keys()].filter((id) => !results.has(id));
  for (const conversation of loadConversations(db, missing)) {
    results.set(conversation.id, { conversation, title: null, snippets: [] });
  }
  for (const [id, list] of snippets) {
    const result = results.get(id);
    if (result) result.snippets = list;
  }
  return [...results.values()]
    .sort((a, b) => b.conversation.updatedAt - a.conversation.updatedAt)
    .slice(0, limit);
}

function loadConversations(db: DatabaseSync, ids: readonly string[]): ConversationRecord[] {
  if (ids.length === 0) return [];
  const rows = allRows<ConversationRow>(
    db.prepare(
      `SELECT ${conversationColumns} FROM conversations c
       WHERE c.id IN (SELECT value FROM json_each(?))`,
    ),
    JSON.stringify(ids),
  );
  return rows.map(toConversationRecord);
}
